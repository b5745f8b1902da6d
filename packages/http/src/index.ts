/**
 * `@aigo/http` — the one place aigo speaks HTTP: JSON and streaming POSTs over a keep-alive undici
 * pool, SSE decoding into a `ChatStream`, status → typed `ProviderError` with retry hints, the
 * options every provider reads the same way (API key at the first call, base URL, per-call options)
 * and redaction; the wire kit every adapter is written with (`wire/`: JSON guards, the
 * invalid-response error, header merging, the keyed-client set-up, option checks and per-request
 * option reading), so an adapter is mapping code only; and the guard of aigo's own HTTP servers
 * (`startGuardedServer`, `bearerAuth`). undici is loaded at the first request, so importing this
 * package is cheap.
 *
 * @packageDocumentation
 */

export {
  type ErrorResponse,
  errorFromResponse,
  MAX_ERROR_BODY_CHARS,
} from './errors/error-from-response.js';
export type { ErrorBodyInfo } from './errors/parse-error-body.js';
export { parseErrorBody } from './errors/parse-error-body.js';
export { MAX_RETRY_AFTER_MS, parseDuration, parseRetryAfter } from './errors/parse-retry-after.js';
export {
  isSecretHeader,
  REDACTED,
  redact,
  redactHeaders,
  redactText,
  redactUrl,
} from './errors/redact.js';
export type { ResponseHeaders } from './errors/response-headers.js';
export {
  normalizeBaseURL,
  type ResolveBaseURLOptions,
  resolveBaseURL,
} from './options/base-url.js';
export { firstEnvValue } from './options/first-env-value.js';
export { type LoadApiKeyOptions, loadApiKey } from './options/load-api-key.js';
export { type RequestOptions, toRequestOptions } from './options/request-options.js';
export { positiveInteger } from './options/validate.js';
export type { ApiBaseURLOptions } from './safe-fetch/api-base-url.js';
export {
  type ApiToolClient,
  type ApiToolClientOptions,
  type ApiToolClientSpec,
  type ApiToolEndpointOptions,
  type ApiToolOptions,
  createApiToolClient,
} from './safe-fetch/api-tool-client.js';
export { clipText } from './safe-fetch/clip-text.js';
export {
  type ContentType,
  decodeText,
  isTextMediaType,
  parseContentType,
} from './safe-fetch/content-type.js';
export { blockedAddressReason, type ParsedIp, parseIp } from './safe-fetch/ip-address.js';
export {
  type HostResolver,
  type ResolvedAddress,
  systemResolver,
} from './safe-fetch/resolve-target.js';
export {
  SAFE_FETCH_DEFAULT_MAX_BYTES,
  SAFE_FETCH_DEFAULT_MAX_REDIRECTS,
  SAFE_FETCH_DEFAULT_TIMEOUT_MS,
  type SafeFetchOptions,
  type SafeFetchResponse,
  type SafeNetworkOptions,
  safeFetch,
} from './safe-fetch/safe-fetch.js';
export {
  type QueryParameters,
  type SafeFetchJsonOptions,
  safeFetchJson,
} from './safe-fetch/safe-fetch-json.js';
export { pickSafeNetworkOptions } from './safe-fetch/safe-network-options.js';
export { UnsafeUrlError, type UnsafeUrlReason } from './safe-fetch/unsafe-url-error.js';
export { bearerAuth, MIN_BEARER_TOKEN_LENGTH } from './server/bearer-auth.js';
export type { CorsSettings } from './server/cors.js';
export {
  type FailOptions,
  type GuardedRequest,
  type GuardedServer,
  type GuardedServerSettings,
  type RequestFailure,
  startGuardedServer,
} from './server/guarded-server.js';
export { observeFailures } from './server/observe-failures.js';
export {
  type Authorize,
  type AuthorizedCaller,
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  isLoopbackHost,
  type ResolvedServerOptions,
  type ResolveServerOptionsSettings,
  resolveServerOptions,
  SERVER_OPTION_NAMES,
  type ServerOptions,
} from './server/server-options.js';
export {
  DEFAULT_STREAM_HIGH_WATER_MARK,
  type FrameHandler,
  type FrameMapper,
  type StreamFormat,
  type ToChatStreamOptions,
} from './stream/frame-mapper.js';
export { createJsonArrayDecoder } from './stream/json-array-decoder.js';
export {
  createSseDecoder,
  DEFAULT_MAX_EVENT_CHARS,
  type SseDecoderOptions,
  type StreamDecoder,
} from './stream/sse-decoder.js';
export type { StreamDecoding } from './stream/stream-decoding.js';
export { isDoneFrame, SSE_DONE, type StreamFrame } from './stream/stream-frame.js';
export type { StreamResponse } from './stream/stream-response.js';
export { createHttpClient, HttpClient } from './transport/http-client.js';
export {
  DEFAULT_CONNECT_TIMEOUT_MS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type HttpClientOptions,
  type JsonResponse,
} from './transport/http-client-options.js';
export {
  createKeyedHttpClient,
  KeyedHttpClient,
  type KeyedHttpClientOptions,
} from './transport/keyed-http-client.js';
export type { RequestSigner, SignableRequest } from './transport/request-signer.js';
export {
  checkProviderOptions,
  type ProviderOptionsSpec,
} from './wire/check-provider-options.js';
export { invalidResponse, streamCutShort } from './wire/invalid-response.js';
export {
  arrayOf,
  isRecord,
  type JsonRecord,
  nonEmptyString,
  numberOf,
  recordOf,
  stringOf,
} from './wire/json-guards.js';
export { mergeHeaders } from './wire/merge-headers.js';
export {
  type ConnectProviderSettings,
  connectProvider,
  type ProviderConnection,
  type ProviderConnectionOptions,
  type ProviderEndpoint,
} from './wire/provider-connection.js';
export {
  readProviderRequestOptions,
  withRequestHeaders,
} from './wire/provider-request-options.js';
export { requestModel } from './wire/request-model.js';
