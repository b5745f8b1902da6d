import type { A2AHeaders } from './a2a-tools-options.js';

/**
 * A `fetch` that adds the agent's headers (authentication) to every request the SDK makes, and,
 * when `signal` is given, stops the request with it too.
 */
export function headerFetch(
  base: typeof fetch,
  headers: A2AHeaders | undefined,
  signal?: AbortSignal,
): typeof fetch {
  return async (input, init) => {
    const merged = new Headers(init?.headers);
    const extra = typeof headers === 'function' ? await headers() : headers;
    for (const [name, value] of Object.entries(extra ?? {})) merged.set(name, value);
    const signals = [init?.signal, signal].filter((s): s is AbortSignal => s != null);
    const joined = signals.length === 0 ? undefined : AbortSignal.any(signals);
    return base(input, {
      ...init,
      headers: merged,
      ...(joined === undefined ? {} : { signal: joined }),
    });
  };
}
