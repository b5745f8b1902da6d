export type { CallAttempts, FailedAttempt } from './call-attempts.js';
export {
  type OtherCurrencyCost,
  Overview,
  type OverviewOptions,
  type ToolCallRecord,
} from './overview.js';
export { type StructuredOverview, toStructuredOverview } from './structured-overview.js';
