import {
  type ChatResponse,
  type ChatStream,
  type ComputeCost,
  type MemoryProvider,
  type Message,
  type ModelCosts,
  type Observer,
  type Provider,
  type ToolCall,
  ValidationError,
} from '@aigo/ai';
import { guardedCall } from '../guardrails/guarded-calls.js';
import { Overview } from '../overview/index.js';
import type { ToolsNow } from '../tools/client-tools.js';
import { executeToolCalls } from '../tools/execute-tool-calls.js';
import type { ToolCatalog } from '../tools/tool-catalog.js';
import { clientCalls } from './client-calls.js';
import type {
  ClientOptions,
  ContinueOptions,
  ExecuteToolCallsOptions,
  MessageOptions,
  Prompt,
} from './client-options.js';
import { promptMessage } from './prompt-message.js';
import { type ClientSettings, resolveClientOptions } from './resolve-client-options.js';
import { TurnLocks } from './turn-locks.js';
import { turnRunner } from './turn-runner.js';
import { validateToolCallOptions } from './validate-call-options.js';

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
  createOverview(options?: { readonly agent?: string }): Overview;
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
  const guards = settings.guardrails;
  /** The client without its guardrails: what a guardrail calls a model with. */
  let unguarded: Client | undefined;
  const plain = () => {
    unguarded ??= client.withOptions({ guardrails: undefined });
    return unguarded;
  };

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
    sendMessage: async (prompt, options) => {
      const message = promptMessage(prompt);
      if (guards === undefined) return send([message], options, accept);
      return guardedCall(guards, prompt, message, options, plain(), (checked, check) =>
        send([message], checked, async (response) => {
          await check(response);
          return response;
        }),
      );
    },
    continueConversation: async (options) => send(undefined, options, accept),
    streamMessage: async (prompt, options) => {
      const message = promptMessage(prompt);
      if (guards === undefined) return stream([message], options);
      return guardedCall(guards, prompt, message, options, plain(), (checked, check) =>
        stream([message], checked, check),
      );
    },
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
        principal: options?.principal,
        state: options?.state,
        steer: options?.steer,
        parentRun: options?.parentRun,
        a2a: options?.a2a,
        observer: settings.observer,
        hooks: hooks === undefined ? settings.hooks : { ...settings.hooks, ...hooks },
      });
    },
    createOverview: (options) =>
      new Overview({
        ...(options?.agent === undefined ? {} : { agent: options.agent }),
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
