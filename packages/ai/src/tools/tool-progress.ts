/**
 * A progress report of a running tool: how far it is (`progress` of `total`, when it knows) and what
 * it is doing. It reaches the observer (an event on the tool's span) and a streamed run's events.
 */
export interface ToolProgress {
  /** How much is done; grows with each report. */
  readonly progress?: number;
  /** How much there is to do, when known. */
  readonly total?: number;
  /** What the tool is doing now, for a person to read. */
  readonly message?: string;
}
