import type {
  A2ARequest,
  ChatResponse,
  InferSchema,
  JsonObject,
  JsonSchema,
  MemoryProvider,
  Principal,
  RunStore,
  Schema,
  Span,
  Steer,
  Tool,
  ToolChoice,
} from '@aigo/ai';
import type { ContextOptions, ToolHooks } from '@aigo/client';
import type { ApprovalPolicy } from './approval/approval-policy.js';
import type { AuthorizeTool, ReActGuardrails } from './guardrails/guardrail-types.js';
import type { SteeringQueue } from './steering/steering-queue.js';
import type { ReActTaskMemoryOptions } from './task-memory/react-task-memory-options.js';

/**
 * The type of a run's result: the schema's validated type with a schema (`Static<typeof schema>` for
 * typebox, the output type of a Standard Schema), `string` without one.
 */
export type ReActData<S extends Schema | undefined> = [S] extends [undefined]
  ? string
  : InferSchema<S>;

/**
 * How the final answer's schema reaches the model:
 * - `native`: every request carries it as the response format (OpenAI `json_schema`, Gemini
 *   `responseJsonSchema`), so the provider enforces it;
 * - `prompt`: it is only written into the system prompt (see `annotateSystemPrompt`) and the
 *   JSON-only retry;
 * - `auto` (default): `native`, except on a provider whose id is `gemini` while tools are offered —
 *   Gemini rejects function calling together with a JSON response type.
 *
 * Either way the answer is parsed leniently (JSON repair) and validated against the schema.
 */
export type StructuredOutputMode = 'auto' | 'native' | 'prompt';

/** What `prepareIteration` learns before each model call. */
export interface IterationStep {
  /** The iteration about to start, from 1. */
  readonly iteration: number;
  /** Every tool of the agent's client, in order. */
  readonly tools: readonly Tool[];
  /** Whatever the application passed to the run as `context`. */
  readonly context: unknown;
  /** The run's signal. */
  readonly signal: AbortSignal | undefined;
  /** The run's state (`ctx.state` of its tools): read it, write it. */
  readonly state: JsonObject;
  /**
   * Queues a message for the run's model calls; one steered here joins this iteration's model call
   * (`ctx.steer`).
   */
  readonly steer: Steer;
  /** Who the run acts for (the run's `principal` option). */
  readonly principal: Principal | undefined;
}

/** What `prepareIteration` may change for one iteration. */
export interface IterationSettings {
  /**
   * The tools visible in this iteration (names or tool objects of the client's catalog). Hidden
   * tools are neither offered to the model nor run: a call to one is answered with a
   * `tool_not_found` envelope. Tools the client requires (`requiredTools`) stay visible.
   */
  readonly tools?: readonly (string | Tool)[];
  /** The tool choice of this iteration's request (`auto`, `none`, `required`, `{ name }`). */
  readonly toolChoice?: ToolChoice;
}

/** A candidate final answer, as `validateFinalAnswer` sees it. */
export interface FinalAnswer<T> {
  /** The answer parsed (and schema-checked) as `T`. */
  readonly data: T;
  /** The answer's raw text. */
  readonly content: string;
  /** The iteration that produced it. */
  readonly iteration: number;
  /** The model's whole response. */
  readonly response: ChatResponse;
  /** Whatever the application passed to the run as `context`. */
  readonly context: unknown;
  /** Who the run acts for (the run's `principal` option). */
  readonly principal: Principal | undefined;
  /** The run's state (`ctx.state` of its tools): read it, write it. */
  readonly state: JsonObject;
  /**
   * Queues a message for the run's next model call (`ctx.steer`). An answer accepted while a message
   * waits is not final: the model reads the message first (within `maxIterations`).
   */
  readonly steer: Steer;
}

/** Options of `createReAct`. Every option is optional. */
export interface ReActOptions<S extends Schema | undefined = undefined> extends ToolHooks {
  /**
   * The schema of the final answer: typebox (the result's `data` is `Static<typeof schema>`) or a
   * Standard Schema — Zod, Valibot, ArkType — (`data` is its output type). Without one the final
   * answer is the model's text (`string`).
   */
  readonly schema?: S;
  /**
   * The JSON Schema of the final answer the model sees, instead of the schema's own (a typebox
   * schema, or a Standard Schema's `~standard.jsonSchema.input`). Needed for a Standard Schema without
   * JSON Schema output (a plain Valibot schema).
   */
  readonly jsonSchema?: JsonSchema;
  /** The name of the agent, for spans (`gen_ai.agent.name`). Default `react`. */
  readonly name?: string;
  /** What the agent does, for people and other agents (an A2A card). Default none. */
  readonly description?: string;
  /** The most model calls of a run (the JSON-only retry does not count). Default 10. */
  readonly maxIterations?: number;
  /**
   * End the run (`AgentStoppedError`, `stopReason: 'error'`) at the first failed tool call —
   * unknown tool, invalid arguments, a tool that throws. Default false: the model reads the error
   * envelope and goes on. A call blocked by `beforeToolCall` is not a failure.
   */
  readonly stopOnError?: boolean;
  /**
   * Add the agent's instructions (how to work in steps, within how many; the final answer's JSON
   * Schema) to the system prompt of each request it builds. The client is never changed. Default true.
   */
  readonly annotateSystemPrompt?: boolean;
  /** How many tool calls of one model reply run at once. Default 4. */
  readonly toolConcurrency?: number;
  /** How the schema reaches the model. Default `auto`. */
  readonly structuredOutput?: StructuredOutputMode;
  /**
   * The context policy of the agent's model calls (the client's `context` option, over the
   * client's): `maxTokens`, the input budget (tokens or a fraction of the model's window), and
   * `strategies` (`slidingWindow()`, `compactToolResults()`, `summarize()` of `@aigo/client`). A run
   * whose tool results outgrow the window goes on: bulky results are compacted, old iterations
   * dropped or summarised in the request — never in the run's memory — and a context-overflow
   * error is recovered once.
   */
  readonly context?: ContextOptions;
  /**
   * Runs before each model call; may choose the tools visible in that iteration (and its tool
   * choice). Return `undefined` to keep the defaults.
   */
  prepareIteration?(
    step: IterationStep,
  ): IterationSettings | undefined | Promise<IterationSettings | undefined>;
  /**
   * Checks a final answer. Return a string to reject it: the string is sent back to the model as a
   * user message and the loop goes on (the rejected answer counted its iteration). Return
   * `undefined` to accept. Throwing ends the run (`AgentStoppedError`, `stopReason: 'error'`).
   */
  validateFinalAnswer?(
    answer: FinalAnswer<ReActData<S>>,
  ): string | undefined | Promise<string | undefined>;
  /**
   * Long-term task memory (`createTaskMemory`): recall similar solved tasks into the run's system
   * prompt before it starts, and save each run that ends with a final answer. Default none.
   */
  readonly taskMemory?: ReActTaskMemoryOptions;
  /**
   * Which tool calls wait for a person's decision before they run (human in the loop): `'all'`,
   * `'none'`, a list of tool names, an allow-list `{ allow }`, a rule per tool `{ rules }` (the
   * message to show, the arguments to redact) or a predicate over the call. It overrides what tools
   * declare (`defineTool({ needsApproval })`) for the calls it speaks about. When a reply has such
   * calls, none of its tools runs: the run suspends (`AgentStoppedError`, `stopReason: 'suspended'`)
   * and continues with `agent.resume(suspended, responses)`. Default: only what tools declare.
   */
  readonly approval?: ApprovalPolicy;
  /**
   * A secret (at least 32 bytes) to sign suspended runs with (HMAC-SHA256): `resume` then refuses a
   * value that is unsigned, changed, or signed with another key (`SuspendedRunError`,
   * `problem: 'signature'`). Without one, a suspended value is trusted as it is.
   */
  readonly signingKey?: string | Uint8Array;
  /**
   * Where suspended runs are saved (when they suspend) and claimed (before a resume runs any tool):
   * `inMemoryRunStore()` (`@aigo/client`), `pgRunStore()` (`@aigo/memory-pg`). A run's `runStore`
   * option overrides it. Default none: the caller keeps the suspended value.
   */
  readonly runStore?: RunStore;
  /**
   * Checks beside the model: `input` on the prompt (`mode: 'before'`, default, or `'parallel'` with
   * the first model call), `output` on the final answer (`onTrip: 'stop'`, default, or `'retry'`),
   * `tool` on each call's arguments (a trip ends the run) and result (a trip refuses the result). A
   * trip that ends the run rejects with `AgentStoppedError` (`stopReason: 'guardrail'`, `guardrail`:
   * `{ name, kind, reason, info }`) after a `guardrail_tripped` event. Default none.
   */
  readonly guardrails?: ReActGuardrails<ReActData<S>>;
  /**
   * Decides each tool call before the approval policy (per principal, say): `'allow'` runs it without
   * approval, `'deny'` or `{ decision: 'deny', reason }` gives the model a refused result (code
   * `tool_denied`, a `tool_denied` event), `'approve'` suspends the run for a person's decision.
   * Default none.
   */
  readonly authorizeTool?: AuthorizeTool;
  /**
   * Roles whose principal may resume (or step) a run saved for another principal — a reviewer
   * deciding on a user's run. Without one of them, a different principal is refused
   * (`SuspendedRunError`, `problem: 'principal'`). Default none.
   */
  readonly approverRoles?: readonly string[];
}

/** Per-run options of `execute` and `executeStream` (`@aigo/ai`'s `AgentRunOptions`). */
export interface ReActRunOptions {
  /** Aborting it cancels the model request and the running tools; the run rejects with `aborted`. */
  readonly signal?: AbortSignal;
  /**
   * The conversation of this run (overriding the client's memory): it sends the stored history
   * first and holds the whole exchange afterwards. `null`, or no memory at all, runs stateless
   * (the run's messages live in a memory of its own, dropped at the end).
   */
  readonly memory?: MemoryProvider | null;
  /** Passed to every tool as `ctx.context`, and to the hooks. */
  readonly context?: unknown;
  /** A parent span for the run's `invoke_agent` span (a graph node's, say). */
  readonly span?: Span;
  /**
   * The run's id, passed to every tool as `ctx.runId`. Default: a fresh `crypto.randomUUID()`; a
   * resumed run keeps the suspended run's (a different one is refused).
   */
  readonly runId?: string;
  /** Where a suspension is saved and a resume claimed, overriding the agent's `runStore`. */
  readonly runStore?: RunStore;
  /**
   * The run's state when it starts (`ctx.state` of its tools, hooks, `prepareIteration` and
   * `validateFinalAnswer`): a JSON object, checked (`ValidationError` naming the key) and copied.
   * Returned, as the run left it, as `result.state`. A resumed run has the state it suspended with.
   */
  readonly state?: JsonObject;
  /**
   * A queue (`createSteeringQueue()`) to steer the run with from elsewhere: each message pushed joins
   * the conversation at the next model call. One queue per run.
   */
  readonly steering?: SteeringQueue;
  /**
   * The agents this run serves as a tool, outermost first — set by `agentTool` from the parent's
   * `ctx.parentRun`, so that the run's own tools see the path (`ctx.parentRun.path`, this agent
   * last) and nesting deeper than an agent tool's `maxDepth` is refused. Unset for a top-level run.
   */
  readonly agentPath?: readonly string[];
  /** The A2A request the run answers (`serveA2A` passes it): every tool's `ctx.a2a`. */
  readonly a2a?: A2ARequest;
  /**
   * Who the run acts for (`{ id, roles?, tenant? }`): in every tool's, hook's, guardrail's and
   * policy's context (`ctx.principal`), on the run's span (`enduser.id`, `aigo.principal.roles`,
   * `aigo.principal.tenant`), saved with a suspended run. A resume names its caller's principal:
   * another one than the run's is refused unless it has one of the agent's `approverRoles`; the
   * resumed run still acts for the principal it was started for.
   */
  readonly principal?: Principal;
}
