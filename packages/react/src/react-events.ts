import type { AigoError, ToolCall } from '@aigo/ai';

/** A new iteration (model call) begins. */
export interface IterationStartEvent {
  readonly type: 'iteration_start';
  readonly iteration: number;
}

/** A fragment of the model's reasoning, as it streams. */
export interface ReasoningStreamEvent {
  readonly type: 'reasoning';
  readonly iteration: number;
  readonly text: string;
}

/** A fragment of the model's text, as it streams (the JSON-only retry's too, same iteration). */
export interface ContentStreamEvent {
  readonly type: 'content';
  readonly iteration: number;
  readonly text: string;
}

/** A whole tool call (its arguments complete), before it runs. */
export interface ToolCallEvent {
  readonly type: 'tool_call';
  readonly iteration: number;
  readonly toolCall: ToolCall;
}

/** What a tool call gave the model: its JSON output, or an error envelope (`failed`). */
export interface ToolResultEvent {
  readonly type: 'tool_result';
  readonly iteration: number;
  readonly toolCall: ToolCall;
  /** The text the model reads. */
  readonly result: string;
  /** True when `result` is an `{"ok":false,"error":…}` envelope. */
  readonly failed: boolean;
}

/** The run's typed result. Always the last event of a successful run. */
export interface FinalAnswerEvent<T> {
  readonly type: 'final_answer';
  readonly iteration: number;
  /** The final answer's raw text. */
  readonly content: string;
  readonly result: T;
}

/**
 * The run ended without a final answer. Always the last event of a failed run; `error` is what
 * `collect()` rejects with (an `AgentStoppedError`, or a `ParseError`).
 */
export interface ErrorEvent {
  readonly type: 'error';
  readonly iteration: number;
  readonly error: AigoError;
}

/** One event of a streamed ReAct run, discriminated on `type`. */
export type ReactEvent<T> =
  | IterationStartEvent
  | ReasoningStreamEvent
  | ContentStreamEvent
  | ToolCallEvent
  | ToolResultEvent
  | FinalAnswerEvent<T>
  | ErrorEvent;

/** The `type` of each ReAct event. */
export type ReactEventType = ReactEvent<unknown>['type'];
