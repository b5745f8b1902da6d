import { ProviderError, ValidationError } from '@aigo/ai';
import { errorFromResponse, truncate } from '../errors/error-from-response.js';
import { redactText, redactUrl, secretsOf } from '../errors/redact.js';
import { describe, normalizeHeaders, optionalObject } from '../options/validate.js';
import type { JsonResponse } from '../transport/http-client-options.js';
import { type SafeFetchOptions, safeFetch } from './safe-fetch.js';

/** Query parameters: `undefined` values are left out, the rest are turned into strings. */
export type QueryParameters = Readonly<Record<string, string | number | boolean | undefined>>;

/** Options of {@link safeFetchJson}. */
export interface SafeFetchJsonOptions
  extends Omit<SafeFetchOptions, 'body' | 'acceptContentType' | 'method'> {
  /** `GET` (default without `json`) or `POST` (default with `json`). */
  readonly method?: 'GET' | 'POST';
  /** Appended to the URL's query string. */
  readonly query?: QueryParameters;
  /** Sent as the JSON body (`content-type: application/json`). */
  readonly json?: unknown;
}

/**
 * A JSON API call through {@link safeFetch}: the same address checks, pinning, deadline, redirect and
 * size limits, with `accept: application/json`. A non-2xx answer becomes the typed `ProviderError` of
 * `errorFromResponse` (401 → `authentication`/`invalid_api_key`, 429 → `rate_limited` with
 * `retryAfterMs`, 5xx → `server_error`/`overloaded`), named after `options.provider`; a 2xx body that
 * is not JSON is `invalid_response`. Secret headers, secret query parameters and `options.secrets`
 * never appear in errors.
 *
 * Tools that call a fixed API put its host in `allowedPrivateHosts` so that a base URL the application
 * points at its own network (a proxy, a test server) still works, while redirects stay checked.
 */
export async function safeFetchJson<T = unknown>(
  url: string | URL,
  options?: SafeFetchJsonOptions,
): Promise<JsonResponse<T>> {
  optionalObject(options, 'options');
  const target = withQuery(url, options?.query);
  const hasJson = options?.json !== undefined;
  const method = options?.method ?? (hasJson ? 'POST' : 'GET');
  if (method !== 'GET' && method !== 'POST') {
    throw new ValidationError('options.method', 'must be GET or POST');
  }
  let body: string | undefined;
  if (hasJson) {
    if (method !== 'POST') throw new ValidationError('options.json', 'is only sent with POST');
    try {
      body = JSON.stringify(options?.json);
    } catch (error) {
      throw new ValidationError('options.json', 'cannot be serialized as JSON', { cause: error });
    }
  }
  const headers = {
    accept: 'application/json',
    ...(hasJson ? { 'content-type': 'application/json' } : {}),
    ...normalizeHeaders(options?.headers, 'options.headers'),
  };
  const { query: _query, json: _json, ...rest } = options ?? {};
  const provider = options?.provider ?? 'fetch';
  const response = await safeFetch(target, {
    ...rest,
    method,
    headers,
    ...(body === undefined ? {} : { body }),
  });
  const text = response.text();
  const secrets = secretsOf(target, headers, options?.secrets ?? []);
  if (response.status < 200 || response.status > 299) {
    throw errorFromResponse({
      provider,
      status: response.status,
      headers: response.headers,
      body: text,
      secrets,
    });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  if (data === null || typeof data !== 'object') {
    const excerpt = truncate(redactText(text, secrets).replace(/\s+/g, ' ').trim(), 200);
    throw new ProviderError({
      code: 'invalid_response',
      message: `The ${provider} response from ${redactUrl(response.url)} (HTTP ${response.status}) is not a JSON object${excerpt === '' ? ' (empty body)' : `: ${excerpt}`}`,
      provider,
      status: response.status,
      retryable: false,
    });
  }
  return { status: response.status, headers: response.headers, data: data as T };
}

function withQuery(url: string | URL, query: QueryParameters | undefined): string {
  if (typeof url !== 'string' && !(url instanceof URL)) {
    throw new ValidationError('url', `must be a string or a URL, got ${describe(url)}`);
  }
  if (query === undefined) return String(url);
  optionalObject(query, 'options.query');
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch (error) {
    throw new ValidationError('url', 'is not a valid absolute URL', { cause: error });
  }
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new ValidationError(`options.query.${name}`, `must be a string, number or boolean`);
    }
    parsed.searchParams.append(name, String(value));
  }
  return parsed.href;
}
