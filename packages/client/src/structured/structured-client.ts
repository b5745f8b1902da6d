import {
  type ChatResponse,
  type JsonSchema,
  type Provider,
  type ResponseFormat,
  schemaValidator,
  ValidationError,
} from '@aigo/ai';
import type { Static, TSchema } from 'typebox';
import { type Client, clientFromSettings, turnRunner } from '../client/client.js';
import type {
  ClientOptions,
  ContinueOptions,
  MessageOptions,
  Prompt,
} from '../client/client-options.js';
import { promptMessage } from '../client/prompt-message.js';
import { resolveClientOptions } from '../client/resolve-client-options.js';
import { TurnLocks } from '../client/turn-locks.js';
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
export interface StructuredClientOptions<S extends TSchema>
  extends Omit<ClientOptions, 'outputSchema'> {
  /** The typebox schema of the answer (`response.data` is `Static<typeof schema>`). */
  readonly schema: S;
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
  readonly schema: TSchema;
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
const STRUCTURED_KEYS = ['schema', 'structuredOutput', 'schemaName', 'strict'] as const;

/**
 * Creates a client whose answers follow a typebox schema.
 *
 * @example
 * const Person = Type.Object({ name: Type.String(), age: Type.Number() });
 * const people = createStructuredClient(provider, { schema: Person, defaultModel: 'gpt-4o-mini' });
 * const { data } = await people.sendMessage('Invent a person.');
 * data.age; // number
 *
 * @throws ValidationError naming the first bad option.
 */
export function createStructuredClient<S extends TSchema>(
  provider: Provider,
  options: StructuredClientOptions<S>,
): StructuredClient<Static<S>> {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object with a schema');
  }
  const { schema, structuredOutput = 'auto', schemaName = 'response', strict } = options;
  if (schema === null || typeof schema !== 'object') {
    throw new ValidationError('schema', 'must be a typebox schema (e.g. Type.Object({ … }))');
  }
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
    schema: schema as unknown as JsonSchema,
    name: schemaName,
    ...(strict === undefined ? {} : { strict }),
  });
  const settings = Object.freeze(
    mode === 'native'
      ? { ...resolved, responseFormat }
      : {
          ...resolved,
          instructions: structuredOutputInstructions(schema as unknown as JsonSchema),
        },
  );
  const locks = new TurnLocks();
  const client = clientFromSettings(settings, clientOptions as ClientOptions, locks);
  const runner = turnRunner(settings, locks);
  // Compile the validator ahead of the first answer (typebox is loaded lazily); errors surface there.
  schemaValidator(schema).catch(() => {});

  const accept = async (response: ChatResponse): Promise<StructuredResponse<Static<S>>> => {
    const data = await parseStringAs(response.content, schema, {
      ...(response.usage === undefined ? {} : { usage: response.usage }),
    });
    return Object.freeze({ ...response, data });
  };

  return Object.freeze({
    schema,
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
