import { ProviderError } from '@aigo/ai';

/**
 * Runs a Tavily call; a `ProviderError` whose body is Tavily's `{"detail":{"error":"…"}}` gets that
 * message (the shared error mapper reads `detail` only as a string). Everything else passes through.
 */
export async function withTavilyMessage<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!ProviderError.isInstance(error) || error.body === undefined) throw error;
    const message = tavilyDetail(error.body);
    if (message === undefined || error.message.includes(message)) throw error;
    throw new ProviderError({
      code: error.code,
      message: `tavily request failed (HTTP ${error.status ?? '?'}): ${message}`,
      provider: error.provider,
      retryable: error.retryable,
      body: error.body,
      cause: error,
      ...(error.status === undefined ? {} : { status: error.status }),
      ...(error.providerCode === undefined ? {} : { providerCode: error.providerCode }),
      ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
    });
  }
}

function tavilyDetail(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { detail?: { error?: unknown } };
    const message = parsed?.detail?.error;
    return typeof message === 'string' && message !== '' ? message : undefined;
  } catch {
    return undefined;
  }
}
