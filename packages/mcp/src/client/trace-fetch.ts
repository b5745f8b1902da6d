import { AsyncLocalStorage } from 'node:async_hooks';
import type { TraceCarrier } from '@aigo/ai';

/**
 * The trace headers of the tool call running in this async context. The SDK's HTTP transports take
 * fixed headers only, so each call runs inside `traceHeaders.run(carrier, …)` and the transports'
 * `fetch` adds them to the request it sends.
 */
export const traceHeaders: AsyncLocalStorage<TraceCarrier> = new AsyncLocalStorage<TraceCarrier>();

/** `fetch` with the trace headers of the current call (if any) added. */
export const tracingFetch: typeof fetch = (input, init) => {
  const carrier = traceHeaders.getStore();
  if (carrier === undefined) return fetch(input, init);
  const headers = new Headers(init?.headers);
  for (const [key, value] of Object.entries(carrier)) headers.set(key, value);
  return fetch(input, { ...init, headers });
};
