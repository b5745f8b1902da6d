import type {
  AgentContentEvent,
  AgentErrorEvent,
  AgentEvent,
  AgentEventType,
  AgentFinalAnswerEvent,
  AgentInteractionRequestedEvent,
  AgentInteractionResumedEvent,
  AgentIterationStartEvent,
  AgentReasoningEvent,
  AgentToolCallEvent,
  AgentToolProgressEvent,
  AgentToolResultEvent,
} from '@aigo/ai';

// The events of a ReAct run are the agent events of `@aigo/ai`, under the names this package has
// always exported.

/** A new iteration (model call) begins. */
export type IterationStartEvent = AgentIterationStartEvent;

/** A fragment of the model's reasoning, as it streams. */
export type ReasoningStreamEvent = AgentReasoningEvent;

/** A fragment of the model's text, as it streams (the JSON-only retry's too, same iteration). */
export type ContentStreamEvent = AgentContentEvent;

/** A whole tool call (its arguments complete), before it runs. */
export type ToolCallEvent = AgentToolCallEvent;

/** A running tool reported progress (`ctx.progress`), while the reply's tools run. */
export type ToolProgressEvent = AgentToolProgressEvent;

/**
 * What a tool call gave the model: its JSON output, or an error envelope (`failed`), and the media
 * parts it gave besides (`content`).
 */
export type ToolResultEvent = AgentToolResultEvent;

/**
 * The run suspended: its reply has calls that wait for decisions. The last event of the stream (no
 * `error` follows); `suspended` is what `resume` / `resumeStream` take.
 */
export type InteractionRequestedEvent = AgentInteractionRequestedEvent;

/** The first event of a resumed run (`resumeStream`). */
export type InteractionResumedEvent = AgentInteractionResumedEvent;

/** The run's typed result. Always the last event of a successful run. */
export type FinalAnswerEvent<T> = AgentFinalAnswerEvent<T>;

/**
 * The run ended without a final answer. Always the last event of a failed run; `error` is what
 * `collect()` rejects with (an `AgentStoppedError`, or a `ParseError`).
 */
export type ErrorEvent = AgentErrorEvent;

/** One event of a streamed ReAct run, discriminated on `type`: `@aigo/ai`'s `AgentEvent<T>`. */
export type ReactEvent<T> = AgentEvent<T>;

/** The `type` of each ReAct event. */
export type ReactEventType = AgentEventType;
