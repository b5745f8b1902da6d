// What running a graph offers the rest of the package: the execution (made by `createGraph`, read
// by `GraphStream`), its settings and the retry delays (public). Files outside `run/` import from
// here only. No file that `run/` imports may import this one (it reaches `execution.ts`: a cycle).
export { Execution } from './execution.js';
export type { ExecutionSettings } from './execution-settings.js';
export { RETRY_DEFAULTS, retryDelay } from './retry-delay.js';
