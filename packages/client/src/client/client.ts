import {
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  type ChatStream,
  type ComputeCost,
  ConversationConflictError,
  type MemoryProvider,
  type Message,
  type ModelCosts,
  type Observer,
  type Provider,
  type ToolCall,
  ValidationError,
} from '@aigo/ai';
import {
  callInContext,
  contextStage,
  readHistoryInContext,
  stageFor,
} from '../context/context-turn.js';
import { Overview } from '../overview/index.js';
import type { ToolsNow } from '../tools/client-tools.js';
import { executeToolCalls } from '../tools/execute-tool-calls.js';
import type { ToolCatalog } from '../tools/tool-catalog.js';
import { buildRequest } from './build-request.js';
import { type ClientCalls, clientCalls } from './client-calls.js';
import type {
  ClientOptions,
  ContinueOptions,
  ExecuteToolCallsOptions,
  MessageOptions,
  Prompt,
} from './client-options.js';
import { checkStreamConflictPolicy, conflictRetriesOf } from './conflict-policy.js';
import { acquireMemoryTurn, NO_HISTORY } from './memory-turn.js';
import { promptMessage } from './prompt-message.js';
import { type ClientSettings, resolveClientOptions } from './resolve-client-options.js';
import { storeTurn } from './store-turn.js';
import { TurnLocks } from './turn-locks.js';
import {
  type CheckedCallOptions,
  validateCallOptions,
  validateToolCallOptions,
} from './validate-call-options.js';

/**
 * A configured conversation client: immutable, with no global state, safe to share across
 * concurrent calls. Made by `createClient`.
 */
export interface Client {
  /** The provider every call goes to (through the middleware). */
  readonly provider: Provider;
  /** The model of calls that do not name one (`''` when neither the option nor the env set one). */
  readonly defaultModel: string;
  /** The client's memory, if any (calls may override it). */
  readonly memory: MemoryProvider | undefined;
  /**
   * The system prompt every call sends: the given prompt plus the tools section, if enabled (with a
   * tool set, as of its current tools).
   */
  readonly systemPrompt: string | undefined;
  /** The tools offered to the model: with a tool set, its current tools (read at each access). */
  readonly tools: ToolCatalog;
  /** Prices used by `createOverview()`. */
  readonly modelCost: ModelCosts | undefined;
  readonly computeCost: ComputeCost | undefined;
  readonly observer: Observer | undefined;
  /** The options the client was made with (frozen). */
  readonly options: Readonly<ClientOptions>;

  /**
   * Sends a user message and resolves to the model's answer. With a memory, the stored conversation
   * goes first and, once the answer is complete, the user message and the answer (built by
   * `toAssistantMessage`, so tool calls, reasoning and provider metadata survive) are stored in one
   * `appendMessages`. A failed or aborted call stores nothing. Without a memory the request holds
   * just this message. With a versioned memory the turn is stored only if the conversation did not
   * change meanwhile; otherwise the call rejects with `ConversationConflictError`, or re-runs the
   * turn on the new history with `onConflict: 'retry'`.
   */
  sendMessage(prompt: Prompt, options?: MessageOptions): Promise<ChatResponse>;
  /**
   * Asks the model to go on from the stored conversation (after tool results, say: pass them as
   * `messages`, and they are stored with the answer). Needs a memory.
   */
  continueConversation(options?: ContinueOptions): Promise<ChatResponse>;
  /**
   * Like `sendMessage`, streaming. The turn is stored when the stream finishes (its iteration ends
   * normally or `collect()` resolves; `collect()` waits for the write and rejects if it fails). Until
   * the stream finishes, fails or is cancelled, later calls on the same memory wait: read or cancel
   * every stream you start. A conversation conflict rejects `collect()`; a streamed turn is never
   * re-run.
   */
  streamMessage(prompt: Prompt, options?: MessageOptions): Promise<ChatStream>;
  /** Like `continueConversation`, streaming (stored as `streamMessage` describes). */
  streamContinueConversation(options?: ContinueOptions): Promise<ChatStream>;
  /**
   * Runs the model's tool calls with the client's tools, in parallel (at most `concurrency` at once),
   * and resolves to one tool message per call, in call order. Unknown tools and failures become
   * `{ ok: false, error }` envelopes the model can read; only an aborted signal rejects
   * (`AbortError`). Calls and tool costs are recorded into `options.overview`.
   */
  executeToolCalls(
    toolCalls: readonly ToolCall[],
    options?: ExecuteToolCallsOptions,
  ): Promise<Message[]>;
  /**
   * A new overview priced with this client's `modelCost` and `computeCost`, and, for models
   * `modelCost` has no price for, the provider's list prices (`provider.modelCost`).
   */
  createOverview(): Overview;
  /**
   * A new client with these options over this one's. It shares this client's turn serialisation,
   * so turns of both on one memory still run one after another.
   */
  withOptions(options: ClientOptions): Client;
}

/**
 * Creates a client for a provider.
 *
 * @example
 * const client = createClient(openai(), { defaultModel: 'gpt-4o-mini', memory: inMemoryMemory() });
 * const answer = await client.sendMessage('Hello!');
 * console.log(answer.content);
 *
 * @throws ValidationError naming the first bad option (or a malformed `AIGO_*` environment variable).
 */
export function createClient(provider: Provider, options: ClientOptions = {}): Client {
  const settings = resolveClientOptions(provider, options);
  return clientFromSettings(settings, options, new TurnLocks());
}

/**
 * Builds a client from resolved settings. Internal: the structured client uses it to add its
 * instructions to the system prompt without changing any other client.
 */
export function clientFromSettings(
  settings: ClientSettings,
  options: ClientOptions,
  locks: TurnLocks,
): Client {
  const calls = clientCalls(settings);
  const frozenOptions = Object.freeze({ ...options });
  let promptOf: ToolsNow | undefined;
  let systemPrompt: string | undefined;

  const { send, stream } = turnRunner(settings, locks, calls);

  const client: Client = {
    provider: settings.provider,
    defaultModel: settings.defaultModel,
    memory: settings.memory,
    get systemPrompt() {
      const now = settings.tools.current();
      if (now !== promptOf) {
        const joined = [settings.systemPrompt, now.toolsSection, settings.instructions]
          .filter((part) => part !== undefined && part !== '')
          .join('\n\n');
        systemPrompt = joined === '' ? undefined : joined;
        promptOf = now;
      }
      return systemPrompt;
    },
    get tools() {
      return settings.tools.current().catalog;
    },
    modelCost: settings.modelCost,
    computeCost: settings.computeCost,
    observer: settings.observer,
    options: frozenOptions,
    sendMessage: async (prompt, options) => send([promptMessage(prompt)], options, accept),
    continueConversation: async (options) => send(undefined, options, accept),
    streamMessage: async (prompt, options) => stream([promptMessage(prompt)], options),
    streamContinueConversation: async (options) => stream(undefined, options),
    executeToolCalls: async (toolCalls, options) => {
      const hooks = validateToolCallOptions(options);
      return executeToolCalls(toolCalls, {
        catalog: settings.tools.current().catalog,
        signal: options?.signal,
        concurrency: options?.concurrency ?? settings.toolConcurrency,
        context: options?.context,
        overview: options?.overview,
        span: options?.span,
        runId: options?.runId,
        observer: settings.observer,
        hooks: hooks === undefined ? settings.hooks : { ...settings.hooks, ...hooks },
      });
    },
    createOverview: () =>
      new Overview({
        provider: settings.provider,
        ...(settings.modelCost === undefined ? {} : { modelCost: settings.modelCost }),
        ...(settings.computeCost === undefined ? {} : { computeCost: settings.computeCost }),
      }),
    withOptions: (overrides) => {
      if (overrides === null || typeof overrides !== 'object') {
        throw new ValidationError('options', 'must be an object');
      }
      const merged = { ...frozenOptions, ...overrides };
      const derived = resolveClientOptions(settings.provider, merged);
      return clientFromSettings({ ...derived, instructions: settings.instructions }, merged, locks);
    },
  };
  return Object.freeze(client);
}

const accept = async (response: ChatResponse) => response;

/** Runs conversation turns for one client's settings. */
export interface TurnRunner {
  /**
   * One non-streaming turn: `turn` is the prompt message (`undefined` continues the conversation,
   * with `options.messages`). `accept` turns the complete response into the result, or throws to
   * fail the call — in which case nothing is stored (a structured client parses here).
   */
  send<T>(
    turn: Message[] | undefined,
    options: ContinueOptions | undefined,
    accept: (response: ChatResponse) => Promise<T>,
  ): Promise<T>;
  /** One streaming turn, stored when the stream finishes. */
  stream(turn: Message[] | undefined, options: ContinueOptions | undefined): Promise<ChatStream>;
}

/**
 * The turn logic shared by `Client` and the structured client: serialise on the conversation (the
 * memory's turn lock, else the client's), read the history (with its version, when the memory has
 * one), build the request, call through the middleware, record into the overview, store the turn
 * against that version — and, for a non-streaming call allowed to, re-run a turn that conflicts.
 */
export function turnRunner(
  settings: ClientSettings,
  locks: TurnLocks,
  calls: ClientCalls = clientCalls(settings),
): TurnRunner {
  const toolName = (name: string) => settings.tools.current().catalog.get(name)?.name;
  const context = contextStage(settings, calls);
  const model = (call: CheckedCallOptions) => call.options.model ?? settings.defaultModel;
  const maxOutput = (call: CheckedCallOptions) =>
    call.generation.maxOutputTokens ?? settings.generation.maxOutputTokens;

  const send = async <T>(
    turn: Message[] | undefined,
    options: ContinueOptions | undefined,
    accept: (response: ChatResponse) => Promise<T>,
  ): Promise<T> => {
    const call = validateCallOptions(options, toolName, turn === undefined);
    const memory = callMemory(settings, call, turn === undefined);
    const signal = call.options.signal;
    const retries = conflictRetriesOf(
      settings.onConflict,
      settings.maxConflictRetries,
      call.options.onConflict,
    );
    const release =
      memory === undefined ? undefined : await acquireMemoryTurn(memory, locks, signal);
    try {
      // A turn that conflicts (another process stored a turn first) is re-run on the new history
      // when the call allows it; the model calls of every attempt are recorded.
      for (let attempt = 0; ; attempt++) {
        const stage = stageFor(context, memory);
        const history =
          memory === undefined
            ? NO_HISTORY
            : await readHistoryInContext(stage, memory, model(call), maxOutput(call), signal);
        const prepared = buildRequest(settings, history.messages, turn ?? call.messages, call);
        const contextCall = { memory, signal, span: call.options.span };
        const {
          request,
          result: response,
          fitted,
        } = await callInContext(stage, prepared, history, contextCall, (request) =>
          calls.send(request, callOptions(call, memory), call.options.overview),
        );
        if (fitted !== undefined) stage?.learn(memory, fitted, response);
        recordExchange(call, request, response);
        const result = await accept(response);
        if (memory === undefined) return result;
        try {
          await storeTurn(memory, settings, prepared, response, history.version, stage);
          return result;
        } catch (error) {
          if (attempt >= retries || !ConversationConflictError.isInstance(error)) throw error;
        }
      }
    } finally {
      release?.();
    }
  };

  const stream = async (turn: Message[] | undefined, options: ContinueOptions | undefined) => {
    const call = validateCallOptions(options, toolName, turn === undefined);
    checkStreamConflictPolicy(call.options.onConflict);
    const memory = callMemory(settings, call, turn === undefined);
    const signal = call.options.signal;
    const release =
      memory === undefined ? undefined : await acquireMemoryTurn(memory, locks, signal);
    let chatStream: ChatStream;
    let prepared: ReturnType<typeof buildRequest>;
    let version: number | undefined;
    let sent: Awaited<ReturnType<typeof callInContext<ChatStream>>>;
    const stage = stageFor(context, memory);
    try {
      const history =
        memory === undefined
          ? NO_HISTORY
          : await readHistoryInContext(stage, memory, model(call), maxOutput(call), signal);
      version = history.version;
      prepared = buildRequest(settings, history.messages, turn ?? call.messages, call);
      sent = await callInContext(
        stage,
        prepared,
        history,
        { memory, signal, span: call.options.span },
        (request) => calls.stream(request, callOptions(call, memory), call.options.overview),
      );
      chatStream = sent.result;
    } catch (error) {
      release?.();
      throw error;
    }
    return persistWhenFinished(chatStream, {
      onFinish: (response) => {
        if (sent.fitted !== undefined) stage?.learn(memory, sent.fitted, response);
        recordExchange(call, sent.request, response);
        return memory === undefined
          ? undefined
          : storeTurn(memory, settings, prepared, response, version, stage);
      },
      release: release ?? noop,
      observer: settings.observer,
    });
  };

  return { send, stream };
}

/** The memory of a call: the call's own (`null`: none), else the client's. */
function callMemory(
  settings: ClientSettings,
  call: CheckedCallOptions,
  continuing: boolean,
): MemoryProvider | undefined {
  const own = call.options.memory;
  const memory = own === null ? undefined : (own ?? settings.memory);
  if (continuing && memory === undefined) {
    throw new ValidationError(
      'memory',
      'continuing a conversation needs a memory: pass memory to createClient() or to this call',
    );
  }
  return memory;
}

function callOptions(call: CheckedCallOptions, memory: MemoryProvider | undefined): CallOptions {
  const { signal, headers, span, timeoutMs } = call.options;
  const conversationId = memory?.conversationId;
  return {
    ...(signal === undefined ? {} : { signal }),
    ...(headers === undefined ? {} : { headers }),
    ...(span === undefined ? {} : { span }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(typeof conversationId === 'string' ? { conversationId } : {}),
  };
}

function recordExchange(
  call: CheckedCallOptions,
  request: ChatRequest,
  response: ChatResponse,
): void {
  const overview = call.options.overview;
  if (overview === undefined) return;
  overview.recordRequest(request);
  overview.recordResponse(response, request);
}

const noop = (): void => {};

interface StreamTurn {
  /** Runs when the stream finished; returns the memory write, if any. */
  onFinish(response: ChatResponse): Promise<void> | undefined;
  /** Ends the turn (lets the next call on the memory go). */
  release(): void;
  readonly observer: Observer | undefined;
}

/**
 * Hooks a turn onto a stream: when it finishes, the turn is recorded and stored, and the memory is
 * released once the write is done; when it fails or is cancelled, nothing is stored and the memory
 * is released at once. `collect()` resolves only after the write, and rejects if it failed.
 */
function persistWhenFinished(stream: ChatStream, turn: StreamTurn): ChatStream {
  let outcome: Promise<unknown> = Promise.resolve(undefined);
  stream.addHooks({
    onFinish(response) {
      let write: Promise<void> | undefined;
      try {
        write = turn.onFinish(response);
      } catch (error) {
        write = Promise.reject(error);
      }
      if (write === undefined) {
        turn.release();
        return;
      }
      outcome = write.then(
        () => {
          turn.release();
          return undefined;
        },
        (error: unknown) => {
          turn.release();
          try {
            turn.observer?.warn('aigo client: storing a streamed turn failed', {
              'error.type': error instanceof Error ? error.name : typeof error,
            });
          } catch {
            // An observer that throws never breaks a call.
          }
          return { error };
        },
      );
    },
    onError() {
      turn.release();
    },
  });
  const collect = stream.collect.bind(stream);
  Object.defineProperty(stream, 'collect', {
    configurable: true,
    writable: true,
    value: () =>
      collect().then(async (response) => {
        const result = (await outcome) as { error: unknown } | undefined;
        if (result !== undefined) throw result.error;
        return response;
      }),
  });
  return stream;
}
