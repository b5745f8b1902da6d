import { composeMiddleware, type SendNext, type StreamNext } from '../middleware/middleware.js';
import { readRetryPolicy } from '../middleware/retry-policy.js';
import { runWithRetries } from '../middleware/run-with-retries.js';
import { isFallbackProvider } from '../routing/fallback-provider.js';
import { AttemptJournal } from './attempt-journal.js';
import type { CallPathSettings, ClientCalls } from './call-path.js';
import { fallbackCalls } from './fallback-calls.js';

/** One attempt and no retry: how calls are recorded when the client does not retry. */
const SINGLE_ATTEMPT = readRetryPolicy({ maxRetries: 0 }, '', 'last');

/**
 * Composes a client's call path once: the observability middleware (when there is an observer), then
 * the client's retries (when it retries), then the application's middleware, then the provider — so a
 * span covers the whole call, retries included, and each attempt passes through the application's
 * layers (a timeout middleware bounds each attempt). Without an overview a call costs what its
 * layers cost; with one, its attempts are counted and each failure's code kept. A `fallback`
 * provider gets the path of `fallbackCalls`: retries and spans per entry.
 */
export function clientCalls(settings: CallPathSettings): ClientCalls {
  if (isFallbackProvider(settings.provider)) {
    return fallbackCalls(settings, settings.provider, SINGLE_ATTEMPT);
  }
  const inner = composeMiddleware(settings.provider, settings.middleware);
  const policy = settings.retry;
  const outer = settings.observability;
  const retriedSend: SendNext =
    policy === undefined
      ? inner.send
      : (request, options) => runWithRetries(policy, request, options, inner.send, false);
  const retriedStream: StreamNext =
    policy === undefined
      ? inner.stream
      : (request, options) => runWithRetries(policy, request, options, inner.stream, true);
  const recording = policy ?? SINGLE_ATTEMPT;
  const outerSend = outer?.send;
  const outerStream = outer?.stream;

  return {
    send(request, options, overview) {
      if (overview === undefined) {
        return outerSend === undefined
          ? retriedSend(request, options)
          : outerSend.call(outer, request, options, retriedSend);
      }
      const journal = new AttemptJournal(overview, request.model, false);
      if (outerSend === undefined) {
        return runWithRetries(recording, request, options, inner.send, false, journal);
      }
      return outerSend.call(outer, request, options, (request, options) =>
        runWithRetries(recording, request, options, inner.send, false, journal),
      );
    },
    stream(request, options, overview) {
      if (overview === undefined) {
        return outerStream === undefined
          ? retriedStream(request, options)
          : outerStream.call(outer, request, options, retriedStream);
      }
      const journal = new AttemptJournal(overview, request.model, true);
      if (outerStream === undefined) {
        return runWithRetries(recording, request, options, inner.stream, true, journal);
      }
      return outerStream.call(outer, request, options, (request, options) =>
        runWithRetries(recording, request, options, inner.stream, true, journal),
      );
    },
  };
}
