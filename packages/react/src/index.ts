/**
 * `@aigo/react` — the type-safe ReAct (reasoning + acting) agent for aigo: a loop of model calls and
 * tool runs over an `@aigo/client` client, ending with a typed final answer; streamed or not. Not
 * React UI bindings.
 *
 * @packageDocumentation
 */

export { createReAct, type ReAct } from './create-react.js';
export type {
  ContentStreamEvent,
  ErrorEvent,
  FinalAnswerEvent,
  IterationStartEvent,
  ReactEvent,
  ReactEventType,
  ReasoningStreamEvent,
  ToolCallEvent,
  ToolProgressEvent,
  ToolResultEvent,
} from './react-events.js';
export { jsonOnlyRequest, reactInstructions } from './react-instructions.js';
export type {
  FinalAnswer,
  IterationSettings,
  IterationStep,
  ReActData,
  ReActOptions,
  ReActRunOptions,
  StructuredOutputMode,
} from './react-options.js';
export type { ReActOverview, ReActStoppedOverview } from './react-result.js';
export { ReactStream, type StreamRun } from './react-stream.js';
export * from './task-memory/index.js';
