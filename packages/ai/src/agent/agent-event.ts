import type { AigoError } from '../errors/aigo-error.js';
import type { GuardrailTrip } from '../guardrails/guardrail-result.js';
import type { ContentPart } from '../messages/content-part.js';
import type { GeneratedMedia } from '../messages/media.js';
import type { Message } from '../messages/message.js';
import type { ToolCall } from '../messages/tool-call.js';
import type { DeepPartial } from '../schema/deep-partial.js';
import type { ToolProgress } from '../tools/tool-progress.js';
import type { InteractionRequest, SuspendedRun } from './suspended-run.js';

/** A new iteration (model call) begins. */
export interface AgentIterationStartEvent {
  readonly type: 'iteration_start';
  readonly iteration: number;
}

/**
 * A message steered into the run (`stream.steer`, a steering queue, `ctx.steer`) joins the
 * conversation: emitted just before the `iteration_start` of the iteration whose model call receives
 * it, after every tool result of the step before; several in the order they were queued.
 */
export interface AgentSteeringMessageEvent {
  readonly type: 'steering_message';
  /** The iteration whose model call receives the message. */
  readonly iteration: number;
  /** The user message as it joins the conversation. */
  readonly message: Message;
}

/** A fragment of the model's reasoning, as it streams. */
export interface AgentReasoningEvent {
  readonly type: 'reasoning';
  readonly iteration: number;
  readonly text: string;
}

/** A fragment of the model's text, as it streams. */
export interface AgentContentEvent {
  readonly type: 'content';
  readonly iteration: number;
  readonly text: string;
}

/** A whole tool call (its arguments complete), before it runs. */
export interface AgentToolCallEvent {
  readonly type: 'tool_call';
  readonly iteration: number;
  readonly toolCall: ToolCall;
}

/** A running tool reported progress (`ToolContext.progress`). */
export interface AgentToolProgressEvent {
  readonly type: 'tool_progress';
  readonly iteration: number;
  readonly toolCall: ToolCall;
  readonly progress: ToolProgress;
}

/** What a tool call gave the model: its JSON output, or an error envelope (`failed`). */
export interface AgentToolResultEvent {
  readonly type: 'tool_result';
  readonly iteration: number;
  readonly toolCall: ToolCall;
  /** The text the model reads. */
  readonly result: string;
  /** True when `result` is an `{"ok":false,"error":…}` envelope. */
  readonly failed: boolean;
  /** Media parts the tool gave besides the text (`withContent`), sent after it where possible. */
  readonly content?: readonly ContentPart[];
}

/**
 * The run stopped to wait for decisions. The last event of a suspended run (no `error` follows):
 * store `suspended` and pass it to `agent.resume` with the responses.
 */
export interface AgentInteractionRequestedEvent {
  readonly type: 'interaction_requested';
  readonly iteration: number;
  readonly requests: readonly InteractionRequest[];
  readonly suspended: SuspendedRun;
}

/** A suspended run continues with the decisions it waited for. The first event of a resumed run. */
export interface AgentInteractionResumedEvent {
  readonly type: 'interaction_resumed';
  readonly iteration: number;
  readonly runId: string;
}

/**
 * The typed answer so far, while the model writes it (an agent with a schema whose shape streams:
 * an object, an array, or a discriminated union of objects). Each is a new value, never one that a
 * later event of the same model call retracts: strings grow, numbers, booleans and `null` appear
 * once complete. A reply that turns out to call tools, or the JSON-only retry of an answer that did
 * not parse, starts over: the value is always the whole answer of the current model call. The
 * validated result comes with `final_answer`.
 */
export interface AgentPartialAnswerEvent<T> {
  readonly type: 'partial_answer';
  readonly iteration: number;
  readonly partial: DeepPartial<T>;
}

/** The run's typed result. Always the last event of a successful run. */
export interface AgentFinalAnswerEvent<T> {
  readonly type: 'final_answer';
  readonly iteration: number;
  /** The final answer's raw text. */
  readonly content: string;
  readonly result: T;
  /**
   * Images, audio and video the model made in its final reply (`ChatResponse.images`, `.audio`,
   * `.videos`, in that order); absent when it made none.
   */
  readonly media?: readonly GeneratedMedia[];
}

/**
 * A guardrail tripped. `action` says what follows: `stop` — the run ends, and an `error` event
 * (`AgentStoppedError`, `stopReason: 'guardrail'`) comes next; `retry` — the reason goes back to the
 * model, which answers again (an output guardrail with `onTrip: 'retry'`); `refuse` — the tool's
 * result is replaced with a refusal the model reads (a tool guardrail on a result). Text already
 * delivered is not retracted: a chat UI resets the step.
 */
export interface AgentGuardrailTrippedEvent {
  readonly type: 'guardrail_tripped';
  readonly iteration: number;
  readonly guardrail: GuardrailTrip;
  readonly action: 'stop' | 'retry' | 'refuse';
  /** The tool call checked, for a tool guardrail. */
  readonly toolCall?: ToolCall;
}

/**
 * `authorizeTool` denied a tool call: it did not run, and the model reads a refused result (code
 * `tool_denied`) with `reason`. Emitted before that call's `tool_result`.
 */
export interface AgentToolDeniedEvent {
  readonly type: 'tool_denied';
  readonly iteration: number;
  readonly toolCall: ToolCall;
  readonly reason: string;
}

/** The run ended without a final answer; `error` is what `execute` rejects with. The last event. */
export interface AgentErrorEvent {
  readonly type: 'error';
  readonly iteration: number;
  readonly error: AigoError;
}

/**
 * An event of a sub-run: an agent the run called as a tool (`agentTool` of `@aigo/react`, a graph
 * made an agent, a remote A2A agent) emitted `event` while the call `toolCallId` ran. Sub-runs of
 * sub-runs nest: `event` is then an `agent_event` too, one level per agent, so the path of agents is
 * read by unwrapping (`agentEventPath`). They arrive in the order the sub-run emitted them, between
 * the parent's `tool_call` and `tool_result` of that call; a consumer that ignores them sees the
 * parent's own events unchanged.
 */
export interface AgentNestedEvent {
  readonly type: 'agent_event';
  /** The parent's iteration whose tool call runs the sub-run. */
  readonly iteration: number;
  /** The name of the agent that ran as the tool (the tool's name). */
  readonly agent: string;
  /** The parent's tool call that runs the sub-run. */
  readonly toolCallId: string;
  /** The sub-run's event, as its own stream emitted it. */
  readonly event: AgentEvent<unknown>;
}

/** One event of a streamed agent run, discriminated on `type`. */
export type AgentEvent<T = unknown> =
  | AgentSteeringMessageEvent
  | AgentIterationStartEvent
  | AgentReasoningEvent
  | AgentContentEvent
  | AgentToolCallEvent
  | AgentToolProgressEvent
  | AgentToolResultEvent
  | AgentToolDeniedEvent
  | AgentGuardrailTrippedEvent
  | AgentInteractionRequestedEvent
  | AgentInteractionResumedEvent
  | AgentPartialAnswerEvent<T>
  | AgentFinalAnswerEvent<T>
  | AgentErrorEvent
  | AgentNestedEvent;

/** The `type` of each agent event. */
export type AgentEventType = AgentEvent['type'];

/**
 * A nested event unwrapped: the agents it went through (outermost first, empty for the run's own
 * events) and the innermost event.
 */
export function agentEventPath<T>(event: AgentEvent<T>): {
  readonly path: readonly string[];
  readonly event: AgentEvent<unknown>;
} {
  const path: string[] = [];
  let inner: AgentEvent<unknown> = event as AgentEvent<unknown>;
  while (inner.type === 'agent_event') {
    path.push(inner.agent);
    inner = inner.event;
  }
  return { path, event: inner };
}
