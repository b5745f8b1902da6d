import {
  type ChatResponse,
  type InferSchema,
  isStandardSchema,
  type JsonSchema,
  type Message,
  type Provider,
  type ResponseFormat,
  type Schema,
  schemaToJsonSchema,
  schemaValidator,
  ValidationError,
} from '@aigo/ai';
import { type Client, clientFromSettings } from '../client/client.js';
import type {
  ClientOptions,
  ContinueOptions,
  MessageOptions,
  Prompt,
} from '../client/client-options.js';
import { promptMessage } from '../client/prompt-message.js';
import { resolveClientOptions } from '../client/resolve-client-options.js';
import { TurnLocks } from '../client/turn-locks.js';
import { turnRunner } from '../client/turn-runner.js';
import { parseStringAs } from '../parse/parse-string-as.js';
import { type ElementCheck, elementCheck } from './element-check.js';
import { type ElementsShape, elementsShape, streamShape } from './partial/stream-shape.js';
import { structuredOutputInstructions } from './structured-output-instructions.js';
import type { StructuredResponse } from './structured-response.js';
import {
  type ArrayProperty,
  type StreamElement,
  type StructuredStream,
  startStructuredStream,
} from './structured-stream.js';

/**
 * How the model is asked for the schema: `native` sends it as the request's response format (the
 * provider enforces it: OpenAI `json_schema`, Gemini `responseJsonSchema`); `prompt` writes it into
 * the system prompt instead, for servers without structured output; `auto` (the default) is `native`,
 * since every aigo provider maps the response format. Either way the answer is parsed leniently and
 * validated against the schema.
 */
export type StructuredOutputMode = 'native' | 'prompt' | 'auto';

/** Options of `createStructuredClient`: the client's, plus the schema and how to ask for it. */
export interface StructuredClientOptions<S extends Schema>
  extends Omit<ClientOptions, 'outputSchema'> {
  /**
   * The schema of the answer: typebox (`response.data` is `Static<typeof schema>`) or a Standard
   * Schema — Zod, Valibot, ArkType — (`data` is its output type, transforms and defaults applied).
   */
  readonly schema: S;
  /**
   * The JSON Schema the model is asked to follow, instead of the schema's own (a typebox schema, or a
   * Standard Schema's `~standard.jsonSchema.input`). Needed for a Standard Schema without JSON Schema
   * output (a plain Valibot schema).
   */
  readonly jsonSchema?: JsonSchema;
  /** Default `auto` (native). */
  readonly structuredOutput?: StructuredOutputMode;
  /** The schema's name in the request (OpenAI requires one; default `response`). */
  readonly schemaName?: string;
  /** Ask the provider to enforce the schema exactly, where it can (OpenAI strict mode). */
  readonly strict?: boolean;
}

export type { StructuredResponse } from './structured-response.js';

/** Per-call options of a structured `sendMessage` (the schema is the client's). */
export type StructuredMessageOptions = Omit<MessageOptions, 'outputSchema' | 'responseFormat'>;

/** Per-call options of a structured `continueConversation`. */
export type StructuredContinueOptions = Omit<ContinueOptions, 'outputSchema' | 'responseFormat'>;

/** Per-call options of a structured `streamMessage`. */
export interface StructuredStreamOptions extends StructuredMessageOptions {
  /**
   * The array property of the answer's top-level object whose items `elements` gives (a top-level
   * array's items are the elements without it).
   */
  readonly elements?: string;
}

/** Per-call options of a structured `streamContinueConversation`. */
export interface StructuredStreamContinueOptions extends StructuredContinueOptions {
  /** As `StructuredStreamOptions.elements`. */
  readonly elements?: string;
}

/** A client whose answers are typed values. Immutable, like `Client`. */
export interface StructuredClient<T> {
  /** The schema every answer is checked against. */
  readonly schema: Schema;
  /** The JSON Schema the model is asked to follow (sent natively, or written into the prompt). */
  readonly jsonSchema: JsonSchema;
  /** `native` or `prompt` (what `auto` resolved to). */
  readonly mode: 'native' | 'prompt';
  /** The plain client with the same settings (the schema included): tools, overviews, streaming. */
  readonly client: Client;
  /**
   * Sends a user message; resolves to the answer with `data` parsed and validated. A `ParseError`
   * (carrying the raw text, the usage and the schema issues) rejects the call, and — as for any
   * failed call — nothing is stored in the memory.
   */
  sendMessage(prompt: Prompt, options?: StructuredMessageOptions): Promise<StructuredResponse<T>>;
  /** Continues the stored conversation; the answer is parsed as `sendMessage` describes. */
  continueConversation(options?: StructuredContinueOptions): Promise<StructuredResponse<T>>;
  /**
   * Sends a user message and streams the typed answer as it arrives: `partials` (the answer so far),
   * `elements` (each element of its array, checked against the item schema), `final` (exactly what
   * `sendMessage` resolves to, once the turn is stored; an answer that does not fit stores nothing)
   * and `events` (the model stream's). Resolves once the model call started; a call that cannot
   * start rejects here, as `Client.streamMessage` does.
   *
   * @throws ValidationError naming `elements` when it is not an array property of the schema's
   *   top-level object.
   */
  streamMessage<K extends ArrayProperty<T>>(
    prompt: Prompt,
    options: StructuredStreamOptions & { readonly elements: K },
  ): Promise<StructuredStream<T, StreamElement<NonNullable<T[K]>>>>;
  streamMessage(prompt: Prompt, options?: StructuredStreamOptions): Promise<StructuredStream<T>>;
  /** Continues the stored conversation, streaming the answer as `streamMessage` does. */
  streamContinueConversation<K extends ArrayProperty<T>>(
    options: StructuredStreamContinueOptions & { readonly elements: K },
  ): Promise<StructuredStream<T, StreamElement<NonNullable<T[K]>>>>;
  streamContinueConversation(
    options?: StructuredStreamContinueOptions,
  ): Promise<StructuredStream<T>>;
}

const SCHEMA_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const STRUCTURED_KEYS = [
  'schema',
  'jsonSchema',
  'structuredOutput',
  'schemaName',
  'strict',
] as const;

/**
 * Creates a client whose answers follow a schema: typebox (the default in these docs) or any
 * Standard Schema with JSON Schema output (Zod ≥ 4.2, ArkType, Valibot through
 * `toStandardJsonSchema()`); another Standard Schema takes its JSON Schema as `jsonSchema`.
 *
 * @example
 * const Person = Type.Object({ name: Type.String(), age: Type.Number() });
 * const people = createStructuredClient(provider, { schema: Person, defaultModel: 'gpt-4o-mini' });
 * const { data } = await people.sendMessage('Invent a person.');
 * data.age; // number
 *
 * @example
 * const people = createStructuredClient(provider, {
 *   schema: z.object({ name: z.string(), age: z.number() }),
 * });
 *
 * @throws ValidationError naming the first bad option (`schema` also when it cannot be converted to
 *   JSON Schema and no `jsonSchema` is given).
 */
export function createStructuredClient<S extends Schema>(
  provider: Provider,
  options: StructuredClientOptions<S>,
): StructuredClient<InferSchema<S>> {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object with a schema');
  }
  const { schema, structuredOutput = 'auto', schemaName = 'response', strict } = options;
  if (schema === undefined) {
    throw new ValidationError(
      'schema',
      'is required: a typebox schema (Type.Object({ … })) or a Standard Schema (z.object({ … }), …)',
    );
  }
  const jsonSchema = schemaToJsonSchema(schema, { jsonSchema: options.jsonSchema });
  if (
    structuredOutput !== 'native' &&
    structuredOutput !== 'prompt' &&
    structuredOutput !== 'auto'
  ) {
    throw new ValidationError(
      'structuredOutput',
      `must be 'native', 'prompt' or 'auto', got ${JSON.stringify(structuredOutput)}`,
    );
  }
  if (typeof schemaName !== 'string' || !SCHEMA_NAME.test(schemaName)) {
    throw new ValidationError('schemaName', 'must be 1-64 letters, digits, "_" or "-"');
  }
  if (strict !== undefined && typeof strict !== 'boolean') {
    throw new ValidationError('strict', 'must be a boolean');
  }
  if ('outputSchema' in options) {
    throw new ValidationError('outputSchema', 'a structured client takes `schema` instead');
  }
  const clientOptions: Record<string, unknown> = { ...options };
  for (const key of STRUCTURED_KEYS) delete clientOptions[key];

  const mode = structuredOutput === 'prompt' ? 'prompt' : 'native';
  const resolved = resolveClientOptions(provider, clientOptions as ClientOptions);
  const responseFormat: ResponseFormat = Object.freeze({
    type: 'json',
    schema: jsonSchema,
    name: schemaName,
    ...(strict === undefined ? {} : { strict }),
  });
  const settings = Object.freeze(
    mode === 'native'
      ? { ...resolved, responseFormat }
      : {
          ...resolved,
          instructions: structuredOutputInstructions(jsonSchema),
        },
  );
  const locks = new TurnLocks();
  const client = clientFromSettings(settings, clientOptions as ClientOptions, locks);
  const runner = turnRunner(settings, locks);
  // Compile a typebox validator ahead of the first answer (typebox is loaded lazily); errors surface
  // there. A Standard Schema is ready as it is.
  if (!isStandardSchema(schema)) schemaValidator(schema).catch(() => {});

  const accept = async (response: ChatResponse): Promise<StructuredResponse<InferSchema<S>>> => {
    const data = await parseStringAs(response.content, schema, {
      jsonSchema,
      ...(response.usage === undefined ? {} : { usage: response.usage }),
    });
    return Object.freeze({ ...response, data });
  };

  const shape = streamShape(jsonSchema);
  const elementsPlans = new Map<string | undefined, ElementsPlan>();
  const stream = async (
    turn: Message[] | undefined,
    callOptions: StructuredStreamContinueOptions | undefined,
  ) => {
    let options: StructuredContinueOptions | undefined = checkStructuredCall(callOptions);
    let property: string | undefined;
    if (options !== undefined && options !== null && typeof options === 'object') {
      const { elements: named, ...rest } = options as StructuredStreamContinueOptions;
      property = named;
      options = rest;
    }
    const elements = elementsPlanFor(elementsPlans, jsonSchema, property);
    return startStructuredStream({
      shape,
      elements: elements.shape,
      checkElement: elements.check,
      accept,
      start: (beforeStore) => runner.stream(turn, options, beforeStore),
    });
  };

  return Object.freeze({
    schema,
    jsonSchema,
    mode,
    client,
    sendMessage: async (prompt: Prompt, callOptions?: StructuredMessageOptions) =>
      runner.send([promptMessage(prompt)], checkStructuredCall(callOptions), accept),
    continueConversation: async (callOptions?: StructuredContinueOptions) =>
      runner.send(undefined, checkStructuredCall(callOptions), accept),
    streamMessage: (prompt: Prompt, callOptions?: StructuredStreamOptions) =>
      stream([promptMessage(prompt)], callOptions),
    streamContinueConversation: (callOptions?: StructuredStreamContinueOptions) =>
      stream(undefined, callOptions),
  }) as StructuredClient<InferSchema<S>>;
}

/** The elements of a call's answer: where they are and how each is checked. */
interface ElementsPlan {
  readonly shape: ElementsShape | undefined;
  readonly check: ElementCheck | undefined;
}

/** The elements plan for `property` (made once per property: the item schema compiles once). */
function elementsPlanFor(
  plans: Map<string | undefined, ElementsPlan>,
  jsonSchema: JsonSchema,
  property: string | undefined,
): ElementsPlan {
  let plan = plans.get(property);
  if (plan === undefined) {
    const found = elementsShape(jsonSchema, property);
    plan = { shape: found, check: elementCheck(found) };
    if (plans.size < 64) plans.set(property, plan);
  }
  return plan;
}

function checkStructuredCall<O extends object>(options: O | undefined): O | undefined {
  if (options !== undefined && options !== null && typeof options === 'object') {
    for (const key of ['outputSchema', 'responseFormat']) {
      if (key in options) {
        throw new ValidationError(key, "is set by the structured client's schema");
      }
    }
  }
  return options;
}
