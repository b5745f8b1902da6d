/** Options of the `ChatStream` constructor. */
export interface ChatStreamOptions {
  /** Aborting it cancels the source and rejects the iterator with `AbortError`. */
  readonly signal?: AbortSignal;
  /** The provider id put on errors that the source did not type itself. */
  readonly provider?: string;
  /** Events queued before the source is asked to pause. Default 64. */
  readonly highWaterMark?: number;
}
