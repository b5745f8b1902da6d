import type {
  A2ARequest,
  ChatRequest,
  ComputeCost,
  JsonObject,
  JsonSchema,
  MemoryProvider,
  Message,
  ModelCosts,
  Observer,
  ParentRun,
  Principal,
  ProviderTool,
  ReasoningOptions,
  ResponseFormat,
  Span,
  Steer,
  Tool,
  ToolChoice,
  ToolSet,
} from '@aigo/ai';
import type { TSchema } from 'typebox';
import type { ContextOptions } from '../context/context-options.js';
import type { ClientGuardrails } from '../guardrails/client-guardrails.js';
import type { Middleware, RetryAttempt } from '../middleware/index.js';
import type { Overview } from '../overview/index.js';
import type { ToolHooks } from '../tools/tool-hooks.js';
import type { ConflictPolicy } from './conflict-policy.js';
import type { ToolCostStrategy } from './enrich-system-prompt.js';

/** A JSON Schema for structured answers: a plain JSON Schema object or a typebox schema. */
export type OutputSchema = JsonSchema | TSchema;

/** Generation settings: client defaults, overridable per call. Unset means the provider's default. */
export interface GenerationOptions {
  /** Sampling temperature (0 is a real value: the most deterministic answers). */
  readonly temperature?: number;
  /** Nucleus sampling, between 0 and 1. */
  readonly topP?: number;
  /** The most tokens the answer may have. */
  readonly maxOutputTokens?: number;
  /** Sequences that end the answer. */
  readonly stop?: readonly string[];
  /** A seed for providers that sample reproducibly. */
  readonly seed?: number;
  /** How much the model should think first, where it can. */
  readonly reasoning?: ReasoningOptions;
  /** Provider-specific settings keyed by provider id (`{ openai: { … } }`). */
  readonly providerOptions?: ChatRequest['providerOptions'];
}

/** Options of `createClient`. Every option is optional; environment fallbacks are listed per option. */
export interface ClientOptions extends GenerationOptions, ToolHooks {
  /** The model of every call that does not name one. Fallback: `AIGO_DEFAULT_LLM_MODEL`. */
  readonly defaultModel?: string;
  /**
   * The conversation memory. With one, each call sends the stored conversation and stores its turn;
   * without one, calls are stateless (the request holds just the prompt). Per-call `memory` overrides
   * it, so one client can serve many conversations.
   */
  readonly memory?: MemoryProvider;
  /** The system prompt of every call. */
  readonly systemPrompt?: string;
  /**
   * The tools offered to the model (the catalog `executeToolCalls` runs): an array, or a `ToolSet`
   * (`createToolSet`, an MCP server's tools) whose current tools every call reads, so a change
   * reaches the next call.
   */
  readonly tools?: readonly Tool[] | ToolSet;
  /** Tools run by the provider itself (Gemini Google Search…), sent with every request. */
  readonly providerTools?: readonly ProviderTool[];
  /**
   * Tools the model must call: added to the catalog (once) and forced through `toolChoice`
   * (`{ name }` for one tool, `'required'` for several). Cannot be combined with `toolChoice`.
   */
  readonly requiredTools?: readonly Tool[];
  /** Which tools the model may or must call (`auto`, `none`, `required`, `{ name }`). */
  readonly toolChoice?: ToolChoice;
  /** A JSON Schema (a typebox schema is one) every answer must follow (`responseFormat` json). */
  readonly outputSchema?: OutputSchema;
  /** Append an `## Available Tools` section (names, descriptions, parameters) to the system prompt. */
  readonly enrichSystemPromptWithToolDescriptions?: boolean;
  /**
   * Append the tools section with each tool's cost and metrics and guidance on how to choose
   * between them (turns the tools section on).
   */
  readonly enrichSystemPromptWithToolCosts?: ToolCostStrategy;
  /**
   * Prices: one `ModelCost` for every model, or a map from model name to `ModelCost`. Used by the
   * overviews this client creates (`createOverview()`). Fallback: `AIGO_MODEL_INPUT_COST_PER_MILLION`
   * and `AIGO_MODEL_OUTPUT_COST_PER_MILLION` (both needed), `AIGO_MODEL_CACHED_COST_PER_MILLION`,
   * `AIGO_MODEL_REASONING_COST_PER_MILLION`.
   */
  readonly modelCost?: ModelCosts;
  /** What a second of run time costs. Fallback: `AIGO_COMPUTE_COST_PER_SECOND`. */
  readonly computeCost?: ComputeCost;
  /**
   * Layers around every model call; the first is outermost. They sit inside the client's own retries,
   * so each attempt passes through them. A layer named `retry` (`retryMiddleware()`) takes the
   * retrying over: the client then adds none of its own.
   */
  readonly middleware?: readonly Middleware[];
  /**
   * How many times a model call is retried after a retryable failure (default 2; `0` turns the
   * client's retries off): rate limits (429), overload and server errors (5xx), 408 and 409, dropped
   * connections, timeouts. It waits what the provider's `Retry-After` asks (up to 60 s), else an
   * exponential backoff with full jitter (a random wait below 1 s, then below 2 s). A stream is
   * retried only while it failed to start, never once it started; an aborted call never. When every
   * attempt failed, the call rejects with the last attempt's error. Each call's attempts are recorded
   * in its `overview` (`attempts`, `callAttempts`). Cannot be combined with a retry middleware.
   */
  readonly maxRetries?: number;
  /** Told before each of the client's retries (which retry, the error, the wait, stream or not). */
  readonly onRetry?: (attempt: RetryAttempt) => void;
  /** Traces, metrics and logs: adds the observability middleware as the outermost layer. */
  readonly observer?: Observer;
  /**
   * Store the assistant's reply in the memory with the user message (default true). When false, only
   * the messages the caller sent are stored (after the call succeeded).
   */
  readonly persistAssistantReplies?: boolean;
  /** How many tools `executeToolCalls` runs at once unless told otherwise (default 8). */
  readonly toolConcurrency?: number;
  /**
   * What a non-streaming call does when its versioned memory reports that the conversation changed
   * while the turn ran (`ConversationConflictError`: another process stored a turn first): `'fail'`
   * (default) rejects with it; `'retry'` reads the conversation again and re-runs the turn on it (a
   * new model call), up to `maxConflictRetries` times. Streamed calls always reject. Per-call
   * `onConflict` overrides it.
   */
  readonly onConflict?: ConflictPolicy;
  /** How many times `onConflict: 'retry'` re-runs a turn before rejecting (1–100, default 3). */
  readonly maxConflictRetries?: number;
  /**
   * Context windows: `maxTokens`, the budget of a request's input (tokens, or a fraction of the
   * model's window), and `strategies`, applied in order to the request — never to the stored
   * conversation — while it is over budget (`slidingWindow()`, `compactToolResults()`,
   * `summarize()`). A provider's context-overflow error is then recovered: the request is fitted
   * once more and sent again. Default, with a memory and a model whose window the provider knows: a
   * sliding window at the window minus the requested output; otherwise nothing is trimmed.
   */
  readonly context?: ContextOptions;
  /**
   * Checks on the prompt (`input`: `mode: 'before'`, default, or `'parallel'` with the call) and on
   * the complete answer (`output`) of every `sendMessage` and `streamMessage`: a trip rejects the call
   * with `GuardrailTrippedError` (a streamed call's `collect()`), and nothing of it is stored. Each
   * check gets the call's signal and the client without its guardrails (`ctx.client`).
   */
  readonly guardrails?: ClientGuardrails | undefined;
  /**
   * The environment the fallbacks are read from (default `process.env`); pass `{}` to ignore the
   * environment.
   */
  readonly env?: { readonly [name: string]: string | undefined };
}

/** What a conversation call sends: text, content parts (text, images…), or a whole user message. */
export type { Prompt } from '@aigo/ai';

/** Per-call options of `continueConversation` and `streamContinueConversation`. */
export interface ContinueOptions extends GenerationOptions {
  /** Aborting it cancels the call (and the wait for an earlier turn on the same memory). */
  readonly signal?: AbortSignal;
  /** Extra HTTP headers for this call. */
  readonly headers?: { readonly [name: string]: string };
  /**
   * A deadline for each attempt of the call, in milliseconds (passed to the provider; a timed-out
   * attempt is retried like the official SDKs do). For a deadline on the whole call, retries
   * included, pass `signal: AbortSignal.timeout(ms)`.
   */
  readonly timeoutMs?: number;
  /**
   * The memory of this call, overriding the client's (one client, many conversations); `null` makes
   * the call stateless.
   */
  readonly memory?: MemoryProvider | null;
  /** The model of this call. */
  readonly model?: string;
  /** A JSON Schema this answer must follow (overrides the client's `outputSchema`). */
  readonly outputSchema?: OutputSchema;
  /** The whole response format of this call (overrides any output schema). */
  readonly responseFormat?: ResponseFormat;
  /**
   * Replaces the client's system prompt for this call only. The tools section (when enabled) is still
   * appended, unlike the Go original, which dropped it.
   */
  readonly ephemeralSystemPrompt?: string;
  /** Which tools the model may or must call, for this call. */
  readonly toolChoice?: ToolChoice;
  /** Record the request and response (usage, cost) and the call's attempts into this overview. */
  readonly overview?: Overview;
  /** The parent span of this call's spans. */
  readonly span?: Span;
  /**
   * Overrides the client's `onConflict` for this call. `'retry'` is refused for streamed calls (their
   * tokens are delivered as they arrive, so a conflicting turn cannot be re-run).
   */
  readonly onConflict?: ConflictPolicy;
  /**
   * Messages that open this turn after the stored conversation — typically the tool messages
   * answering the last reply's tool calls. They are sent, and stored with the reply once it is
   * complete.
   */
  readonly messages?: readonly Message[];
}

/** Per-call options of `sendMessage` and `streamMessage`. */
export type MessageOptions = Omit<ContinueOptions, 'messages'>;

/** Options of `client.executeToolCalls`. */
export interface ExecuteToolCallsOptions extends ToolHooks {
  /** Aborting it rejects with `AbortError` at once; tools receive it too. */
  readonly signal?: AbortSignal;
  /** At most this many tools run at once (default: the client's `toolConcurrency`, 8). */
  readonly concurrency?: number;
  /** Passed to every tool as `ctx.context`. */
  readonly context?: unknown;
  /** Record each call (count, duration, tool cost) into this overview. */
  readonly overview?: Overview;
  /** The parent span of the tool spans. */
  readonly span?: Span;
  /** The run the calls belong to, passed to every tool as `ctx.runId`. */
  readonly runId?: string;
  /** Who the run acts for, passed to every tool and hook as `ctx.principal`. */
  readonly principal?: Principal;
  /**
   * The run's state, passed to every tool and hook as `ctx.state` (the same object: what one writes,
   * the next reads). Default: an empty object shared by the calls of this batch.
   */
  readonly state?: JsonObject;
  /** Steers the run the calls belong to (`ctx.steer`); unset, `ctx.steer` answers `finished`. */
  readonly steer?: Steer;
  /**
   * The agent run the calls belong to, passed to every tool as `ctx.parentRun`: tools that run
   * agents (`agentTool`) send their sub-run's events and cost there.
   */
  readonly parentRun?: ParentRun;
  /** The A2A request the run answers, passed to every tool as `ctx.a2a`. */
  readonly a2a?: A2ARequest;
}
