import { type DeepPartial, type JsonSchema, ValidationError } from '@aigo/ai';
import type { ElementSink, ElementsAt } from './element-sink.js';
import { PartialJsonParser } from './partial-json-parser.js';
import { type StreamShape, streamShape } from './stream-shape.js';

/** What the answer kept for its hidden classes reads: every kind of value and container. */
const SHAPES_SAMPLE = '{"key": ["text \\n", -1.5e3, true, null, {"inner": []}], unquoted: \'x\'}';

/** Options of `createPartialJsonParser`. */
export interface PartialJsonParserOptions {
  /**
   * The JSON Schema of the answer. It says whether the answer streams partially and from which
   * opener (an object, an array, a discriminated union of objects: partials wait for the
   * discriminator); a schema of another shape (a string, a union without a discriminator) never
   * gives a partial. Without one, the first object or array in the text streams.
   */
  readonly jsonSchema?: JsonSchema;
}

/** Reads a model's JSON answer as it streams, giving the value so far. */
export interface PartialAnswerParser<T = unknown> {
  /** False when the schema's shape cannot stream partially: `push` then never reports a partial. */
  readonly streamable: boolean;
  /**
   * Reads the next piece of the answer's text (a `content` fragment); true when the value changed
   * and a new partial is ready for `current()`.
   */
  push(text: string): boolean;
  /**
   * The answer so far: a new value each time it changed, which shares every finished part with the
   * previous one (do not mutate it); `undefined` before the value began.
   */
  current(): DeepPartial<T> | undefined;
  /** True once the value is complete (the rest of the text is ignored). */
  readonly done: boolean;
  /**
   * True once the text stopped being JSON the parser can follow (the answer is then left to the
   * full, repairing parser: `parseStringAs`). Partials given before stay true.
   */
  readonly failed: boolean;
}

/**
 * An incremental parser for a JSON answer as it streams: each fragment is read once (linear in the
 * answer's size), and each partial is a new value sharing what is finished with the previous one.
 * Strings grow as they arrive; numbers, booleans and `null` appear only once complete; a value is
 * never retracted by a later partial. Text around the JSON (prose, a code fence) is skipped; trailing
 * commas, comments, single quotes, unquoted keys and Python's `True` / `False` / `None` are read.
 * The structured client's `streamMessage` and the ReAct agent's `partial_answer` events use it.
 *
 * @example
 * const parser = createPartialJsonParser({ jsonSchema: { type: 'object' } });
 * parser.push('Here: {"name": "Ad');
 * parser.current(); // { name: 'Ad' }
 * parser.push('a", "age": 3');
 * parser.current(); // { name: 'Ada' } — the number is not complete yet
 *
 * @throws ValidationError naming `options` or `jsonSchema` when they are not objects.
 */
export function createPartialJsonParser<T = unknown>(
  options: PartialJsonParserOptions = {},
): PartialAnswerParser<T> {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (key !== 'jsonSchema') throw new ValidationError(key, 'is not an option of this parser');
  }
  const { jsonSchema } = options;
  if (jsonSchema !== undefined && (jsonSchema === null || typeof jsonSchema !== 'object')) {
    throw new ValidationError('jsonSchema', 'must be a JSON Schema object');
  }
  return new PartialAnswer<T>(jsonSchema === undefined ? 'any' : (streamShape(jsonSchema) ?? null));
}

/**
 * The partial answer of one model call: the parser, and the discriminator a union waits for. Also
 * reports the elements of an array, for the structured stream.
 */
export class PartialAnswer<T = unknown> implements PartialAnswerParser<T> {
  /**
   * One small answer parsed at the first use and kept for the life of the process, so that the
   * parser's hidden classes outlive the answers. V8 compiles the parser's methods for the hidden
   * classes of its objects, and a class's instances reach theirs through transitions V8 holds
   * weakly: with no parser alive, a full garbage collection (an idle process runs one) drops them
   * and throws the compiled code away, and the next answers run deoptimised until V8 compiles it
   * again — the first few 50 KB answers after a collection took 2–20 times as long.
   */
  static #shapes: PartialAnswer | undefined;
  readonly #parser: PartialJsonParser | undefined;
  readonly #discriminator: string | undefined;

  /** `shape`: how the answer streams (`'any'`: any object or array; `null`: it does not). */
  constructor(
    shape: StreamShape | 'any' | null,
    elements?: { readonly at: ElementsAt; readonly sink: ElementSink },
  ) {
    if (shape === null) {
      this.#parser = undefined;
      this.#discriminator = undefined;
      return;
    }
    this.#parser = new PartialJsonParser({
      root: shape === 'any' ? 'any' : shape.root,
      ...(elements === undefined ? {} : { elementsAt: elements.at, elements: elements.sink }),
    });
    this.#discriminator = shape === 'any' ? undefined : shape.discriminator;
    if (PartialAnswer.#shapes === undefined) {
      // Set first: the answer made here comes back through this constructor.
      PartialAnswer.#shapes = this;
      const shapes = new PartialAnswer('any');
      shapes.push(SHAPES_SAMPLE);
      shapes.current();
      PartialAnswer.#shapes = shapes;
    }
  }

  get streamable(): boolean {
    return this.#parser !== undefined;
  }

  get done(): boolean {
    return this.#parser?.done === true;
  }

  get failed(): boolean {
    return this.#parser?.failed === true;
  }

  /** True once the elements' array closed. */
  get elementsDone(): boolean {
    return this.#parser?.elementsDone === true;
  }

  push(text: string): boolean {
    const parser = this.#parser;
    if (parser === undefined) return false;
    parser.push(text);
    return parser.changed && this.#ready(parser);
  }

  current(): DeepPartial<T> | undefined {
    const parser = this.#parser;
    if (parser === undefined || !this.#ready(parser)) return undefined;
    return parser.snapshot() as DeepPartial<T> | undefined;
  }

  /** The value so far without waiting for a discriminator (what a failure reports). */
  last(): unknown {
    return this.#parser?.snapshot();
  }

  /** A union's partials wait until its discriminator is complete. */
  #ready(parser: PartialJsonParser): boolean {
    const key = this.#discriminator;
    if (key === undefined) return true;
    const value = parser.rootProperty(key);
    return typeof value === 'string' && !parser.isRootKeyOpen(key);
  }
}
