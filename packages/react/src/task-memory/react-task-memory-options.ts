import type { TaskMemory } from './task-memory.js';

/** The `taskMemory` option of `createReAct`. */
export interface ReActTaskMemoryOptions {
  /** The memory (`createTaskMemory`). */
  readonly memory: TaskMemory;
  /** Search similar successful tasks before each run and show them to the model. Default true. */
  readonly recall?: boolean;
  /** Save each run that ends with a final answer. Default true. */
  readonly save?: boolean;
  /** Tasks recalled at most. Default 3. */
  readonly topK?: number;
  /** Only tasks at least this similar are recalled. Default 0.75. */
  readonly minScore?: number;
  /** The longest answer shown per recalled task, in characters (longer ones are cut). Default 1,000. */
  readonly maxAnswerLength?: number;
  /**
   * Told when a recall or a save fails. The run goes on without the recall; a failed save does not
   * fail the run it would have saved. Default: ignored.
   */
  readonly onError?: (error: unknown, phase: 'recall' | 'save') => void;
}
