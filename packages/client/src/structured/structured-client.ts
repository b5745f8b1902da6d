import {
  type ChatResponse,
  type InferSchema,
  isStandardSchema,
  type JsonSchema,
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
import { structuredOutputInstructions } from './structured-output-instructions.js';

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

/** A model's answer with its content parsed and validated as `T`. */
export type StructuredResponse<T> = ChatResponse & { readonly data: T };

/** Per-call options of a structured `sendMessage` (the schema is the client's). */
export type StructuredMessageOptions = Omit<MessageOptions, 'outputSchema' | 'responseFormat'>;

/** Per-call options of a structured `continueConversation`. */
export type StructuredContinueOptions = Omit<ContinueOptions, 'outputSchema' | 'responseFormat'>;

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

  return Object.freeze({
    schema,
    jsonSchema,
    mode,
    client,
    sendMessage: async (prompt: Prompt, callOptions?: StructuredMessageOptions) =>
      runner.send([promptMessage(prompt)], checkStructuredCall(callOptions), accept),
    continueConversation: async (callOptions?: StructuredContinueOptions) =>
      runner.send(undefined, checkStructuredCall(callOptions), accept),
  });
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
