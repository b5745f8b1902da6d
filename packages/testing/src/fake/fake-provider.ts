import {
  AigoError,
  abortableDelay,
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  ChatStream,
  type FinishReason,
  type JsonValue,
  type ProviderMetadata,
  raceAbort,
  type StreamProvider,
  type ToolCall,
  throwIfAborted,
  type Usage,
  ValidationError,
} from '@aigo/ai';
import { estimateUsage } from './estimate-usage.js';
import { fragmentResponse } from './fragment-events.js';
import { lockstepSource } from './stream-simulator.js';

/** Arguments of a scripted tool call: an object (sent as JSON) or the exact JSON text (valid or not). */
export type FakeToolArguments = { readonly [key: string]: JsonValue | undefined } | string;

/** One tool call of `toolCalls([...])`. */
export interface FakeToolCallSpec {
  readonly name: string;
  readonly args?: FakeToolArguments;
  /** Default `call_<n>`, unique over the provider's life. */
  readonly id?: string;
  readonly providerMetadata?: ProviderMetadata;
}

/** A scripted answer: any part of a `ChatResponse`; the rest is filled in at call time. */
export type FakeResponseInit = Partial<ChatResponse>;

/** Options of `.text()`. */
export interface FakeTextOptions {
  readonly usage?: Usage;
  readonly reasoning?: string;
  readonly finishReason?: FinishReason;
}

/** Options of `.toolCall()`. */
export interface FakeToolCallOptions {
  /** Default `call_<n>`, unique over the provider's life. */
  readonly id?: string;
  /** Text that comes with the call ("Let me look that up."). */
  readonly content?: string;
  readonly usage?: Usage;
  readonly providerMetadata?: ProviderMetadata;
}

/** Options of `.toolCalls()`. */
export interface FakeToolCallsOptions {
  readonly content?: string;
  readonly usage?: Usage;
}

/** Options of `.error()`. */
export interface FakeErrorOptions {
  /**
   * Make it a mid-stream failure for `streamMessage`: the stream delivers this many events of
   * `response` and then fails with the error. `sendMessage` rejects with the error either way.
   */
  readonly afterEvents?: number;
  /** What the stream delivers before failing. Default: a text answer, "Partial answer". */
  readonly response?: FakeResponseInit;
}

/** A handler that answers every call instead of the script (`callIndex` counts from 0). */
export type FakeRequestHandler = (
  request: ChatRequest,
  callIndex: number,
) => FakeResponseInit | Promise<FakeResponseInit>;

/** One call the fake provider received. */
export interface FakeCall {
  readonly request: ChatRequest;
  readonly options: CallOptions | undefined;
  /** `stream` for `streamMessage`, `send` for `sendMessage`. */
  readonly kind: 'send' | 'stream';
}

/** Options of `createFakeProvider`. */
export interface FakeProviderOptions {
  /** The provider id. Default `fake`. */
  readonly id?: string;
}

type Entry =
  | { readonly kind: 'response'; readonly template: FakeResponseInit }
  | {
      readonly kind: 'error';
      readonly error: unknown;
      readonly afterEvents: number | undefined;
      readonly template: FakeResponseInit;
    };

/**
 * A scripted `StreamProvider` for tests: queue answers with `.text()`, `.toolCall()`,
 * `.toolCalls()`, `.response()` and `.error()`; each call takes the next one. Every builder method
 * returns the provider. Calls take their entry synchronously when they start, so concurrent calls
 * get distinct entries in call order.
 */
export interface FakeProvider extends StreamProvider {
  /** Queues a text answer. */
  text(content: string, options?: FakeTextOptions): this;
  /** Queues an answer that calls one tool. */
  toolCall(name: string, args?: FakeToolArguments, options?: FakeToolCallOptions): this;
  /** Queues an answer that calls several tools at once (parallel tool calls). */
  toolCalls(calls: readonly FakeToolCallSpec[], options?: FakeToolCallsOptions): this;
  /** Queues any answer; missing fields are filled in at call time. */
  response(response: FakeResponseInit): this;
  /** Queues a failure: the call that takes it rejects with `error`. */
  error(error: unknown, options?: FakeErrorOptions): this;
  /**
   * What calls get once the queue is empty: an answer (text or partial response) or an error to
   * reject with. Without one, a call on an empty queue rejects with an error naming its number.
   */
  default(answer: FakeResponseInit | string | Error): this;
  /** Every later call waits this long before answering (0 to stop); an abort rejects at once. */
  delay(ms: number): this;
  /** Answers every call with `handler` instead of the queue. */
  onRequest(handler: FakeRequestHandler): this;
  /** Every request received, oldest first. */
  readonly requests: readonly ChatRequest[];
  /** Every call received, with its options. */
  readonly calls: readonly FakeCall[];
  /** How many calls were made. */
  readonly callCount: number;
  /** The newest request, if any. */
  readonly lastRequest: ChatRequest | undefined;
  /** How many queued entries no call has taken yet. */
  readonly remaining: number;
  /** True once `close()` was called. */
  readonly closed: boolean;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/**
 * A scripted fake provider. Answers get deterministic ids (`fake-1`, `fake-2`…), `model` from the
 * request, usage from `estimateUsage` (so costs are testable) unless scripted, and `finishReason`
 * `tool_calls` when there are tool calls, else `stop`. Tool-call ids default to `call_<n>`, unique
 * over the provider's life. `streamMessage` streams the same answer in fragments; its `collect()`
 * deep-equals what `sendMessage` returns for the same entry.
 *
 * @example
 * const provider = createFakeProvider().toolCall('get_weather', { city: 'Paris' }).text('Sunny.');
 */
export function createFakeProvider(options: FakeProviderOptions = {}): FakeProvider {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  if (options.id !== undefined && (typeof options.id !== 'string' || options.id === '')) {
    throw new ValidationError('options.id', 'must be a non-empty string');
  }
  return new ScriptedProvider(options.id ?? 'fake');
}

class ScriptedProvider implements FakeProvider {
  readonly id: string;
  readonly #queue: Entry[] = [];
  readonly #calls: FakeCall[] = [];
  readonly #requests: ChatRequest[] = [];
  #default: Entry | undefined;
  #handler: FakeRequestHandler | undefined;
  #delayMs = 0;
  #toolCallCounter = 0;
  #closed = false;

  constructor(id: string) {
    this.id = id;
  }

  text(content: string, options: FakeTextOptions = {}): this {
    if (typeof content !== 'string') throw new ValidationError('content', 'must be a string');
    const template: { -readonly [K in keyof ChatResponse]?: ChatResponse[K] } = { content };
    if (options.usage !== undefined) template.usage = options.usage;
    if (options.reasoning !== undefined) template.reasoning = options.reasoning;
    if (options.finishReason !== undefined) template.finishReason = options.finishReason;
    this.#queue.push({ kind: 'response', template });
    return this;
  }

  toolCall(name: string, args: FakeToolArguments = {}, options: FakeToolCallOptions = {}): this {
    const spec: FakeToolCallSpec = {
      name,
      args,
      ...(options.id === undefined ? {} : { id: options.id }),
      ...(options.providerMetadata === undefined
        ? {}
        : { providerMetadata: options.providerMetadata }),
    };
    return this.toolCalls([spec], {
      ...(options.content === undefined ? {} : { content: options.content }),
      ...(options.usage === undefined ? {} : { usage: options.usage }),
    });
  }

  toolCalls(calls: readonly FakeToolCallSpec[], options: FakeToolCallsOptions = {}): this {
    if (!Array.isArray(calls) || calls.length === 0) {
      throw new ValidationError('calls', 'must be a non-empty array of { name, args?, id? }');
    }
    const toolCalls = calls.map((call, index) => toToolCall(call, `calls[${index}]`));
    const template: { -readonly [K in keyof ChatResponse]?: ChatResponse[K] } = {
      content: options.content ?? '',
      toolCalls,
    };
    if (options.usage !== undefined) template.usage = options.usage;
    this.#queue.push({ kind: 'response', template });
    return this;
  }

  response(response: FakeResponseInit): this {
    this.#queue.push({ kind: 'response', template: checkTemplate(response, 'response') });
    return this;
  }

  error(error: unknown, options: FakeErrorOptions = {}): this {
    const { afterEvents } = options;
    if (afterEvents !== undefined && (!Number.isInteger(afterEvents) || afterEvents < 0)) {
      throw new ValidationError('options.afterEvents', 'must be a non-negative integer');
    }
    const template =
      options.response === undefined
        ? { content: 'Partial answer' }
        : checkTemplate(options.response, 'options.response');
    this.#queue.push({ kind: 'error', error, afterEvents, template });
    return this;
  }

  default(answer: FakeResponseInit | string | Error): this {
    if (answer instanceof Error) {
      this.#default = { kind: 'error', error: answer, afterEvents: undefined, template: {} };
    } else if (typeof answer === 'string') {
      this.#default = { kind: 'response', template: { content: answer } };
    } else {
      this.#default = { kind: 'response', template: checkTemplate(answer, 'answer') };
    }
    return this;
  }

  delay(ms: number): this {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw new ValidationError('ms', 'must be a non-negative finite number of milliseconds');
    }
    this.#delayMs = ms;
    return this;
  }

  onRequest(handler: FakeRequestHandler): this {
    if (typeof handler !== 'function') throw new ValidationError('handler', 'must be a function');
    this.#handler = handler;
    return this;
  }

  get requests(): readonly ChatRequest[] {
    return this.#requests;
  }

  get calls(): readonly FakeCall[] {
    return this.#calls;
  }

  get callCount(): number {
    return this.#calls.length;
  }

  get lastRequest(): ChatRequest | undefined {
    return this.#requests.at(-1);
  }

  get remaining(): number {
    return this.#queue.length;
  }

  get closed(): boolean {
    return this.#closed;
  }

  async sendMessage(request: ChatRequest, options?: CallOptions): Promise<ChatResponse> {
    const { entry, callNumber } = this.#begin(request, options, 'send');
    const signal = options?.signal;
    await abortableDelay(this.#delayMs, signal);
    const resolved = await raceAbort(entry, signal);
    if (resolved.kind === 'error') throw resolved.error;
    return this.#finalize(resolved.template, request, callNumber);
  }

  async streamMessage(request: ChatRequest, options?: CallOptions): Promise<ChatStream> {
    const { entry, callNumber } = this.#begin(request, options, 'stream');
    const signal = options?.signal;
    await abortableDelay(this.#delayMs, signal);
    const resolved = await raceAbort(entry, signal);
    if (resolved.kind === 'error' && resolved.afterEvents === undefined) throw resolved.error;
    throwIfAborted(signal);
    const response = this.#finalize(resolved.template, request, callNumber);
    const failure =
      resolved.kind === 'error'
        ? { afterEvents: resolved.afterEvents ?? 0, error: resolved.error }
        : undefined;
    return new ChatStream(lockstepSource(fragmentResponse(response), failure), {
      provider: this.id,
      highWaterMark: 1,
      ...(signal === undefined ? {} : { signal }),
    });
  }

  close(): Promise<void> {
    this.#closed = true;
    return Promise.resolve();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.close();
  }

  /** Records the call and takes its entry, synchronously, so concurrent calls stay in order. */
  #begin(
    request: ChatRequest,
    options: CallOptions | undefined,
    kind: 'send' | 'stream',
  ): { entry: Promise<Entry>; callNumber: number } {
    checkRequest(request);
    if (options !== undefined && (options === null || typeof options !== 'object')) {
      throw new ValidationError('options', 'must be an object');
    }
    this.#calls.push({ request, options, kind });
    this.#requests.push(request);
    const callNumber = this.#calls.length;
    throwIfAborted(options?.signal);
    const handler = this.#handler;
    if (handler !== undefined) {
      const entry = Promise.resolve()
        .then(() => handler(request, callNumber - 1))
        .then(
          (template): Entry => ({
            kind: 'response',
            template: checkTemplate(template, 'handler result'),
          }),
        );
      // The caller may reject first (abort); this keeps the handler's own failure from going unhandled.
      entry.catch(() => undefined);
      return { entry, callNumber };
    }
    const entry = this.#queue.shift() ?? this.#default;
    if (entry === undefined) {
      throw new AigoError(
        'provider_error',
        `Fake provider "${this.id}": nothing scripted for call #${callNumber} ` +
          `(the queue is empty; script more with .text(), .toolCall(), .response() or .error(), or set .default(...))`,
      );
    }
    return { entry: Promise.resolve(entry), callNumber };
  }

  #finalize(template: FakeResponseInit, request: ChatRequest, callNumber: number): ChatResponse {
    const content = template.content ?? '';
    const toolCalls: ToolCall[] = (template.toolCalls ?? []).map((call) =>
      call.id ? call : { ...call, id: this.#nextToolCallId() },
    );
    const response: { -readonly [K in keyof ChatResponse]: ChatResponse[K] } = {
      id: template.id ?? `fake-${callNumber}`,
      model: template.model ?? request.model,
      content,
      toolCalls,
      finishReason: template.finishReason ?? (toolCalls.length > 0 ? 'tool_calls' : 'stop'),
      usage:
        template.usage ??
        estimateUsage(request, {
          content,
          toolCalls,
          ...(template.reasoning === undefined ? {} : { reasoning: template.reasoning }),
          ...(template.refusal === undefined ? {} : { refusal: template.refusal }),
        }),
    };
    // Optional fields are absent rather than empty, as a collected stream has them.
    if (template.rawFinishReason !== undefined) response.rawFinishReason = template.rawFinishReason;
    if (template.reasoning) response.reasoning = template.reasoning;
    if (template.refusal) response.refusal = template.refusal;
    if (template.images?.length) response.images = template.images;
    if (template.audio?.length) response.audio = template.audio;
    if (template.videos?.length) response.videos = template.videos;
    if (template.codeExecutions?.length) response.codeExecutions = template.codeExecutions;
    if (template.grounding !== undefined) response.grounding = template.grounding;
    if (template.providerMetadata !== undefined)
      response.providerMetadata = template.providerMetadata;
    return response;
  }

  #nextToolCallId(): string {
    this.#toolCallCounter++;
    return `call_${this.#toolCallCounter}`;
  }
}

function toToolCall(spec: FakeToolCallSpec, argument: string): ToolCall {
  if (spec === null || typeof spec !== 'object') {
    throw new ValidationError(argument, 'must be { name, args?, id? }');
  }
  if (typeof spec.name !== 'string' || spec.name === '') {
    throw new ValidationError(`${argument}.name`, 'must be a non-empty string');
  }
  const args = spec.args ?? {};
  if (
    typeof args !== 'string' &&
    (args === null || typeof args !== 'object' || Array.isArray(args))
  ) {
    throw new ValidationError(`${argument}.args`, 'must be an object or a JSON string');
  }
  if (spec.id !== undefined && typeof spec.id !== 'string') {
    throw new ValidationError(`${argument}.id`, 'must be a string');
  }
  return {
    id: spec.id ?? '',
    type: 'function',
    function: {
      name: spec.name,
      arguments: typeof args === 'string' ? args : JSON.stringify(args),
    },
    ...(spec.providerMetadata === undefined ? {} : { providerMetadata: spec.providerMetadata }),
  };
}

function checkTemplate(template: FakeResponseInit, argument: string): FakeResponseInit {
  if (template === null || typeof template !== 'object' || Array.isArray(template)) {
    throw new ValidationError(argument, 'must be an object with ChatResponse fields');
  }
  if (template.content !== undefined && typeof template.content !== 'string') {
    throw new ValidationError(`${argument}.content`, 'must be a string');
  }
  if (template.toolCalls !== undefined && !Array.isArray(template.toolCalls)) {
    throw new ValidationError(`${argument}.toolCalls`, 'must be an array of tool calls');
  }
  return template;
}

function checkRequest(request: ChatRequest): void {
  if (request === null || typeof request !== 'object') {
    throw new ValidationError('request', 'must be a ChatRequest object');
  }
  if (typeof request.model !== 'string') {
    throw new ValidationError('request.model', 'must be a string');
  }
  if (!Array.isArray(request.messages)) {
    throw new ValidationError('request.messages', 'must be an array of messages');
  }
}
