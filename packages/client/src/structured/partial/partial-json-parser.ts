import type { ElementSink, ElementsAt } from './element-sink.js';
import {
  APOSTROPHE,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  identifierEnd,
  isDelimiterSpace,
  isIdentifierStart,
  isLetter,
  isNumberStart,
  literalEnd,
  literalValue,
  NOT_LITERAL,
  numberEnd,
  numberValue,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  SLASH,
} from './json-characters.js';
import { COMMENT_START, NO_COMMENT, nextCommentState } from './json-comments.js';
import { JsonStringReader } from './json-string-reader.js';
import { OpenContainers } from './open-containers.js';

/** Options of {@link PartialJsonParser}. */
export interface PartialJsonParserSettings {
  /** The opener the value starts with: `{`, `[`, or either. Text before it is skipped. */
  readonly root: 'object' | 'array' | 'any';
  readonly elementsAt?: ElementsAt;
  readonly elements?: ElementSink;
}

// What the parser expects next.
const SEEK = 0; // text before the value: looking for its opener
const VALUE = 1; // a value (after `:`)
const VALUE_OR_END = 2; // a value or `]` (after `[` or `,` in an array: trailing commas pass)
const KEY_OR_END = 3; // a key or `}` (after `{` or `,` in an object)
const COLON_NEXT = 4;
const COMMA_OR_END = 5;
const STRING = 6; // inside a string value
const KEY_STRING = 7; // inside a quoted key
const NUMBER = 8;
const LITERAL = 9; // true, false, null (and Python's True, False, None)
const IDENTIFIER_KEY = 10; // an unquoted key
const DONE = 11; // the value closed: the rest of the text is ignored
const FAILED = 12; // the text stopped being JSON this parser can follow

/** How many false starts (`{` in prose that is not the answer) are skipped before giving up. */
const MAX_RESTARTS = 64;

/**
 * An incremental, lenient JSON parser for answers that stream: each chunk is read once (linear in the
 * answer's size, no prefix parsed twice), and `snapshot()` gives the value so far as a new value that
 * shares every finished part with the previous one (copy on write: only the containers still open are
 * copied, once per snapshot). Strings grow; numbers, booleans and `null` appear once complete; a
 * value once shown is never retracted.
 *
 * Lenient as models need: text before the value (prose, a code fence) is skipped up to the opener,
 * text after it is ignored; trailing commas, comments, single-quoted strings, unquoted keys and
 * Python's `True` / `False` / `None` are read. A `{` in prose that turns out not to start JSON is
 * passed over while nothing of it was shown but the empty container. Anything else it cannot read
 * stops it (`failed`): the answer is then left to the full parser (`parseStringAs`).
 */
export class PartialJsonParser {
  readonly #root: 'object' | 'array' | 'any';
  readonly #elementsAt: ElementsAt | undefined;
  readonly #elements: ElementSink | undefined;
  #state = SEEK;
  #comment = NO_COMMENT;
  /** The objects and arrays being built. */
  readonly #containers = new OpenContainers();
  /** The number, literal or unquoted key being read. */
  #token = '';
  /** The string (or quoted key) being read. */
  readonly #string = new JsonStringReader();
  /** Whether the string being read is already in its container (a snapshot placed it). */
  #placed = false;
  #changed = false;
  /** Whether anything went into the root container: until then a false start may be skipped. */
  #committed = false;
  /** The text since the opener, kept until the root holds something (for a restart). */
  #sinceOpener = '';
  #restarts = 0;
  /** The depth of the array whose elements are reported (-1: not open). */
  #elementsDepth = -1;
  #elementsDone = false;

  constructor(settings: PartialJsonParserSettings) {
    this.#root = settings.root;
    this.#elementsAt = settings.elementsAt;
    this.#elements = settings.elements;
  }

  /** True when the value changed since the last snapshot. */
  get changed(): boolean {
    return this.#changed;
  }

  /** True once the value closed; the rest of the text is ignored. */
  get done(): boolean {
    return this.#state === DONE;
  }

  /** True once the text stopped being JSON the parser can follow. */
  get failed(): boolean {
    return this.#state === FAILED;
  }

  /** True once the elements' array closed (all its elements were reported). */
  get elementsDone(): boolean {
    return this.#elementsDone;
  }

  /** The root object's `key` as read so far (a string still being read is not there yet). */
  rootProperty(key: string): unknown {
    const value = this.#containers.root;
    return value === undefined || Array.isArray(value) || !Object.hasOwn(value, key)
      ? undefined
      : value[key];
  }

  /** True while the root object's `key` has a value that is still being read. */
  isRootKeyOpen(key: string): boolean {
    const containers = this.#containers;
    const depth = containers.depth;
    if (depth === 0 || containers.isArrayAt(0) || containers.keyAt(0) !== key) return false;
    if (depth > 1) return true;
    const state = this.#state;
    return state === STRING || state === NUMBER || state === LITERAL;
  }

  /**
   * The value so far — a new value when it changed, sharing what is finished with the last one —
   * or `undefined` before the value's opener.
   */
  snapshot(): unknown {
    if (this.#state === STRING && this.#changed) this.#placeString(this.#string.displayed());
    this.#changed = false;
    return this.#containers.snapshot();
  }

  /** Reads the next piece of the answer. */
  push(text: string): void {
    let chunk = text;
    let start = 0;
    for (;;) {
      const restart = this.#read(chunk, start);
      if (restart === undefined) return;
      chunk = restart;
      start = 0;
    }
  }

  /** Reads `chunk` from `start`; the text to read again after a false start, else `undefined`. */
  #read(chunk: string, start: number): string | undefined {
    const length = chunk.length;
    let index = start;
    let openerAt = -1;
    while (index < length) {
      const state = this.#state;
      switch (state) {
        case DONE:
        case FAILED:
          return undefined;
        case SEEK: {
          const found = this.#findOpener(chunk, index);
          if (found === -1) return undefined;
          openerAt = found;
          this.#sinceOpener = '';
          this.#open(chunk.charCodeAt(found) === OPEN_BRACKET);
          index = found + 1;
          continue;
        }
        case STRING:
        case KEY_STRING:
          index = this.#readString(chunk, index);
          continue;
        case NUMBER:
        case LITERAL:
        case IDENTIFIER_KEY: {
          const end =
            state === NUMBER
              ? numberEnd(chunk, index)
              : state === LITERAL
                ? literalEnd(chunk, index)
                : identifierEnd(chunk, index);
          if (end > index) this.#token += chunk.slice(index, end);
          index = end;
          if (end === length) continue;
          // The character that ended the token is read in the new state.
          if (this.#endToken(state)) continue;
          return this.#fail(chunk, openerAt, index);
        }
        default: {
          const code = chunk.charCodeAt(index);
          if (this.#comment !== NO_COMMENT) {
            this.#comment = nextCommentState(this.#comment, code);
            if (this.#comment === -1) {
              this.#comment = NO_COMMENT;
              return this.#fail(chunk, openerAt, index);
            }
          } else if (!isDelimiterSpace(code) && !this.#readStructure(state, code)) {
            return this.#fail(chunk, openerAt, index);
          }
          index++;
        }
      }
    }
    if (!this.#committed && this.#state !== SEEK) {
      this.#sinceOpener += openerAt === -1 ? chunk.slice(start) : chunk.slice(openerAt);
    }
    return undefined;
  }

  #findOpener(chunk: string, from: number): number {
    if (this.#root === 'object') return chunk.indexOf('{', from);
    if (this.#root === 'array') return chunk.indexOf('[', from);
    const brace = chunk.indexOf('{', from);
    const bracket = chunk.indexOf('[', from);
    if (brace === -1) return bracket;
    return bracket === -1 || brace < bracket ? brace : bracket;
  }

  /** Whitespace, punctuation and the first character of a value or key; false on anything else. */
  #readStructure(state: number, code: number): boolean {
    if (code === SLASH) {
      this.#comment = COMMENT_START;
      return true;
    }
    switch (state) {
      case VALUE:
      case VALUE_OR_END:
        if (code === CLOSE_BRACKET && state === VALUE_OR_END) return this.#close();
        return this.#startValue(code);
      case KEY_OR_END:
        if (code === CLOSE_BRACE) return this.#close();
        if (code === QUOTE || code === APOSTROPHE) {
          this.#string.start(code);
          this.#state = KEY_STRING;
          return true;
        }
        if (isIdentifierStart(code)) {
          this.#token = String.fromCharCode(code);
          this.#state = IDENTIFIER_KEY;
          return true;
        }
        return false;
      case COLON_NEXT:
        if (code !== COLON) return false;
        this.#state = VALUE;
        return true;
      case COMMA_OR_END: {
        const isArray = this.#containers.isArrayAt(this.#containers.depth - 1);
        if (code === COMMA) {
          this.#state = isArray ? VALUE_OR_END : KEY_OR_END;
          return true;
        }
        if (code === (isArray ? CLOSE_BRACKET : CLOSE_BRACE)) return this.#close();
        return false;
      }
      default:
        return false;
    }
  }

  #startValue(code: number): boolean {
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      this.#open(code === OPEN_BRACKET);
      return true;
    }
    if (code === QUOTE || code === APOSTROPHE) {
      this.#commit();
      this.#string.start(code);
      this.#placed = false;
      this.#state = STRING;
      this.#changed = true;
      return true;
    }
    // A number or literal goes into its container (and commits) only once it proved whole.
    if (isNumberStart(code)) {
      this.#token = String.fromCharCode(code);
      this.#state = NUMBER;
      return true;
    }
    if (isLetter(code)) {
      this.#token = String.fromCharCode(code);
      this.#state = LITERAL;
      return true;
    }
    return false;
  }

  /** Ends a number, literal or unquoted key; false when it is not one. */
  #endToken(state: number): boolean {
    if (state === IDENTIFIER_KEY) {
      this.#containers.setKey(this.#token);
      this.#state = COLON_NEXT;
      return true;
    }
    const value = state === NUMBER ? numberValue(this.#token) : literalValue(this.#token);
    if (value === NOT_LITERAL) return false;
    this.#complete(value);
    return true;
  }

  /** Reads string characters from `index`; returns where reading goes on. */
  #readString(chunk: string, index: number): number {
    const reader = this.#string;
    const next = reader.read(chunk, index);
    if (reader.invalid) {
      this.#state = FAILED;
      return chunk.length;
    }
    const value = this.#state === STRING;
    if (reader.grew && value) this.#changed = true;
    if (!reader.closed) return next;
    if (value) {
      this.#placeString(reader.text);
      this.#changed = true;
      this.#afterValue(reader.text);
    } else {
      this.#containers.setKey(reader.text);
      // Most keys are followed by their colon at once.
      if (chunk.charCodeAt(next) === COLON) {
        this.#state = VALUE;
        return next + 1;
      }
      this.#state = COLON_NEXT;
    }
    return next;
  }

  /** Opens an object or array: in its container, or as the root. */
  #open(isArray: boolean): void {
    const containers = this.#containers;
    const depth = containers.depth;
    if (depth === 1) this.#commit();
    containers.open(isArray);
    this.#state = isArray ? VALUE_OR_END : KEY_OR_END;
    this.#changed = true;
    if (
      isArray &&
      this.#elementsDepth === -1 &&
      !this.#elementsDone &&
      this.#isElementsArray(depth)
    ) {
      this.#elementsDepth = depth;
    }
  }

  #isElementsArray(depth: number): boolean {
    const at = this.#elementsAt;
    if (at === undefined) return false;
    if (at.kind === 'root') return depth === 0;
    const containers = this.#containers;
    return depth === 1 && !containers.isArrayAt(0) && containers.keyAt(0) === at.name;
  }

  /** Closes the innermost container (the root: the value is done). */
  #close(): boolean {
    const depth = this.#containers.depth - 1;
    const value = this.#containers.close();
    if (depth === this.#elementsDepth) {
      this.#elementsDepth = -1;
      this.#elementsDone = true;
      this.#elements?.end();
    }
    if (depth === 0) {
      this.#state = DONE;
      return true;
    }
    this.#afterValue(value);
    return true;
  }

  /** A number or literal read whole: into its container. */
  #complete(value: unknown): void {
    this.#add(value);
    this.#changed = true;
    this.#afterValue(value);
  }

  /** After a value: the punctuation that follows it, and the element it may have been. */
  #afterValue(value: unknown): void {
    this.#state = COMMA_OR_END;
    if (this.#containers.depth - 1 === this.#elementsDepth) {
      this.#elements?.element(value, this.#containers.innermostLength() - 1);
    }
  }

  /** A value started in the root container: false starts are no longer possible. */
  #commit(): void {
    if (this.#committed || this.#containers.depth !== 1) return;
    this.#committed = true;
    this.#sinceOpener = '';
  }

  /** Places a new value at the end of the innermost container. */
  #add(value: unknown): void {
    this.#commit();
    this.#containers.add(value);
  }

  /** Puts the string being read (or its final text) in its container. */
  #placeString(text: string): void {
    if (this.#placed) {
      this.#containers.replaceLast(text);
      return;
    }
    this.#placed = true;
    this.#add(text);
  }

  /**
   * The text stopped being JSON at `index`. Before anything went into the root container it was a
   * false start: returns the text after the opener, to look for the next one. Otherwise the parser
   * stops (`failed`).
   */
  #fail(chunk: string, openerAt: number, index: number): string | undefined {
    if (this.#committed || this.#restarts >= MAX_RESTARTS) {
      this.#state = FAILED;
      return undefined;
    }
    this.#restarts++;
    const read = this.#sinceOpener + chunk.slice(openerAt === -1 ? 0 : openerAt, index);
    const replay = read.slice(1) + chunk.slice(index);
    this.#reset();
    return replay;
  }

  #reset(): void {
    this.#state = SEEK;
    this.#comment = NO_COMMENT;
    this.#containers.reset();
    this.#token = '';
    this.#sinceOpener = '';
    this.#elementsDepth = -1;
    // The empty container shown so far stays what the next value starts from.
  }
}
