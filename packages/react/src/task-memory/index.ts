export { recalledTasksBlock } from './react-task-memory.js';
export type { ReActTaskMemoryOptions } from './react-task-memory-options.js';
export {
  createTaskMemory,
  TASK_RECORD_KIND,
  type TaskMemory,
  type TaskMemoryOptions,
  type TaskSearchOptions,
} from './task-memory.js';
export type { SavedTask, SaveTaskResult, TaskMatch, TaskRecord } from './task-record.js';
export { type TaskWritePolicy, taskValue, thresholdWritePolicy } from './write-policy.js';
