export type { CallAttempts, FailedAttempt } from './call-attempts.js';
export type { OtherCurrencyCost } from './other-currency-cost.js';
export { Overview } from './overview.js';
export type { OverviewOptions } from './overview-options.js';
export { type StructuredOverview, toStructuredOverview } from './structured-overview.js';
export type { ToolCallRecord } from './tool-records.js';
