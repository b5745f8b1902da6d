import { AigoError, GraphRunCancelledError, type StoredError, TimeoutError } from '@aigo/ai';

/** An error as a checkpoint stores it: name, message and aigo code, nothing else. */
export function storedError(error: unknown): StoredError {
  if (error instanceof Error) {
    const code = AigoError.isInstance(error) ? error.code : undefined;
    return code === undefined
      ? { name: error.name, message: error.message }
      : { name: error.name, message: error.message, code };
  }
  return { name: 'Error', message: String(error) };
}

/** The error a stored one stands for when a finished run is executed again. */
export function restoredError(stored: StoredError | undefined, runId: string): Error {
  if (stored === undefined) return new Error('the run failed');
  if (stored.name === 'GraphRunCancelledError') return new GraphRunCancelledError(runId);
  if (stored.code === 'timeout') return new TimeoutError(stored.message);
  const error = new Error(stored.message);
  error.name = stored.name;
  return error;
}

/** Whether `error` or one of its causes is a {@link GraphRunCancelledError}. */
export function isCancellation(error: unknown): boolean {
  for (let current = error, depth = 0; current !== undefined && depth < 8; depth++) {
    if (GraphRunCancelledError.isInstance(current)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
