import { createHash } from 'node:crypto';
import { ProviderError, type TokenCount } from '@aigo/ai';
import type { KeyedHttpClient, RequestOptions } from '@aigo/http';
import type { AnthropicRequestBody } from '../wire/anthropic-api.js';

/** The body fields `messages/count_tokens` takes: what the count depends on. */
const COUNTED_FIELDS = [
  'model',
  'system',
  'messages',
  'tools',
  'tool_choice',
  'thinking',
  'output_config',
] as const;

/** How many counts a provider keeps. */
const CACHED_COUNTS = 256;

/**
 * The `messages/count_tokens` body of a Messages request: its model, system prompt, messages, tools,
 * tool choice, thinking and output settings — what the count depends on. `max_tokens`, sampling,
 * metadata and `stream` are left out.
 */
export function countTokensBody(body: AnthropicRequestBody): Record<string, unknown> {
  const counted: Record<string, unknown> = {};
  for (const field of COUNTED_FIELDS) {
    if (body[field] !== undefined) counted[field] = body[field];
  }
  return counted;
}

/**
 * Counts requests with Anthropic's `POST /v1/messages/count_tokens` (free, rate-limited), keeping
 * each count per request prefix — the counted part of the body (model, system prompt, messages,
 * tools, tool choice, thinking) and the beta features sent with it — so that a request counted
 * once (by the application, then by a client fitting it, or again on a retry) costs no second call.
 * The most recent counts are kept; a failed count is not.
 */
export class ClaudeTokenCounter {
  readonly #http: KeyedHttpClient;
  readonly #url: string;
  readonly #provider: string;
  readonly #counts = new Map<string, number>();

  constructor(http: KeyedHttpClient, url: string, provider: string) {
    this.#http = http;
    this.#url = url;
    this.#provider = provider;
  }

  /** The input tokens of `body` (a Messages request body) as the endpoint counts them: exact. */
  async count(
    body: AnthropicRequestBody,
    requestOptions: RequestOptions | undefined,
  ): Promise<TokenCount> {
    const counted = countTokensBody(body);
    const betas = requestOptions?.headers?.['anthropic-beta'] ?? '';
    const key = createHash('sha256')
      .update(betas)
      .update('\n')
      .update(JSON.stringify(counted))
      .digest('base64');
    let tokens = this.#counts.get(key);
    if (tokens === undefined) {
      const { data } = await this.#http
        .client()
        .postJson<unknown>(this.#url, counted, requestOptions);
      tokens = readInputTokens(data, this.#provider);
      if (this.#counts.size >= CACHED_COUNTS) {
        const oldest = this.#counts.keys().next().value;
        if (oldest !== undefined) this.#counts.delete(oldest);
      }
    } else {
      this.#counts.delete(key);
    }
    this.#counts.set(key, tokens);
    return { tokens, exact: true, method: 'endpoint', estimated: [] };
  }
}

function readInputTokens(data: unknown, provider: string): number {
  const tokens = (data as { input_tokens?: unknown } | null)?.input_tokens;
  if (typeof tokens !== 'number' || !Number.isSafeInteger(tokens) || tokens < 0) {
    throw new ProviderError({
      code: 'invalid_response',
      message: 'Anthropic messages/count_tokens answered without an input_tokens count',
      provider,
      retryable: false,
    });
  }
  return tokens;
}
