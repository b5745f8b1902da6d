import type { Observer } from '@aigo/ai';
import type { RequestFailure } from './guarded-server.js';

/**
 * A guarded server's `log` that writes each failed request to an observer, once: a warning (an
 * error for 5xx) `<server>: <status> <method> <path>: <message>` with the OpenTelemetry HTTP
 * attributes — never the body, the query or a header. Without an observer, nothing.
 */
export function observeFailures(
  observer: Observer | undefined,
  server: string,
): ((failure: RequestFailure) => void) | undefined {
  if (observer === undefined) return undefined;
  return (failure) => {
    const line = `${server}: ${failure.status} ${failure.method} ${failure.path}: ${failure.message}`;
    const attributes = {
      'http.request.method': failure.method,
      'url.path': failure.path,
      'http.response.status_code': failure.status,
      'error.type': failure.cause ?? String(failure.status),
    };
    if (failure.status >= 500) observer.error(line, attributes);
    else observer.warn(line, attributes);
  };
}
