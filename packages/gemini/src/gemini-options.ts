import {
  checkModelLimitsOption,
  type ModelLimitsOption,
  type PriceListChoice,
  ValidationError,
} from '@aigo/ai';
import { checkProviderOptions, type ProviderConnectionOptions } from '@aigo/http';
import type { GeminiPriceListId } from './prices/gemini-prices.generated.js';
import { checkVertexOptions, type GeminiVertexOptions } from './vertex/gemini-vertex.js';

/**
 * Whose list prices `modelCost(model)` answers with: `'auto'` (the default) Google's when the base
 * URL is Google's (`*.googleapis.com`) and none for any other server (a proxy, a test server);
 * `'google'` Google's whatever the base URL (a proxy that forwards to Google); `false` none.
 */
export type GeminiPrices = PriceListChoice<GeminiPriceListId>;

/**
 * Options of `gemini()`. Explicit options win over the environment; `timeoutMs` and `dispatcher`
 * are those of every adapter. (Per-request settings go in `providerOptions.gemini`:
 * `GeminiRequestOptions`.)
 */
export interface GeminiOptions extends ProviderConnectionOptions {
  /**
   * Call Gemini on Google Cloud's Vertex AI (`…/projects/{project}/locations/{location}/publishers/
   * google/models/{model}:generateContent`) with Google credentials instead of an API key. With it,
   * `baseURL` is Vertex's host (default: the location's) and no `GEMINI_*` variable is read; an
   * `apiKey` is sent as Vertex express mode's key instead of a token. Embeddings are not offered on
   * Vertex. Prices: none unless `prices: 'google'` (the maintained data has no Vertex list).
   */
  readonly vertex?: GeminiVertexOptions;
  /**
   * The API key. Default: the first of `GEMINI_API_KEY`, `GOOGLE_API_KEY` and
   * `GOOGLE_GENERATIVE_AI_API_KEY` that is set, read at the first call. Sent in the
   * `x-goog-api-key` header, never in the URL.
   */
  readonly apiKey?: string;
  /**
   * The API root. Default: `GEMINI_API_BASE_URL`, then
   * `https://generativelanguage.googleapis.com/v1beta`.
   */
  readonly baseURL?: string;
  /** The model used when a request's `model` is empty. Default `gemini-2.5-flash-lite`. */
  readonly defaultModel?: string;
  /**
   * Headers sent with every request (a proxy's own auth, say). An `x-goog-api-key` among them (a
   * proxy that adds its own) stands in for the key.
   */
  readonly headers?: { readonly [name: string]: string };
  /**
   * How `streamMessage` asks for the stream: `'sse'` (default, `?alt=sse`) or `'json-array'` (the
   * endpoint's native streamed JSON array, for proxies that do not pass `alt=sse` through).
   */
  readonly streamFormat?: 'sse' | 'json-array';
  /**
   * Whose list prices `modelCost(model)` answers with: `'auto'` (the default) Google's when the base
   * URL is Google's (`*.googleapis.com`) and none for any other server (a proxy, a test server);
   * `'google'` Google's whatever the base URL (a proxy that forwards to Google); `false` none.
   */
  readonly prices?: GeminiPrices;
  /**
   * Context windows and output limits by model name, over those of Google's price list
   * (`modelLimits(model)`; a client fits its requests into them).
   */
  readonly modelLimits?: ModelLimitsOption;
  /**
   * `'endpoint'` gives the provider a `countTokens(request)` that asks Gemini's `countTokens`
   * endpoint — exact, media and tools included, at the cost of a request. Without it the provider
   * makes no request to count, and a client estimates (calibrated by the usage Gemini reports).
   */
  readonly countTokens?: 'endpoint';
  /**
   * The most values one `batchEmbedContents` call carries; `embed` splits longer requests.
   * Default 100 (Gemini's limit).
   */
  readonly maxEmbeddingsPerCall?: number;
}

/**
 * Checks the options of `gemini()`: those of every adapter (`checkProviderOptions`), then Gemini's
 * own. The base URL and `prices` are checked where they are resolved.
 *
 * @throws ValidationError naming the first option of the wrong kind, or one `gemini()` does not
 *   take.
 */
export function validateGeminiOptions(options: GeminiOptions): void {
  checkProviderOptions(options, {
    factory: 'gemini',
    known: [
      'defaultModel',
      'streamFormat',
      'prices',
      'modelLimits',
      'countTokens',
      'maxEmbeddingsPerCall',
      'vertex',
    ],
  });
  checkVertexOptions(options.vertex);
  if (
    options.defaultModel !== undefined &&
    (typeof options.defaultModel !== 'string' || options.defaultModel.trim() === '')
  ) {
    throw new ValidationError('options.defaultModel', 'must be a non-empty string');
  }
  if (
    options.streamFormat !== undefined &&
    options.streamFormat !== 'sse' &&
    options.streamFormat !== 'json-array'
  ) {
    throw new ValidationError('options.streamFormat', "must be 'sse' or 'json-array'");
  }
  checkModelLimitsOption(options.modelLimits);
  if (options.countTokens !== undefined && options.countTokens !== 'endpoint') {
    throw new ValidationError('options.countTokens', "must be 'endpoint' (or left out)");
  }
  const batch = options.maxEmbeddingsPerCall;
  if (batch !== undefined && (typeof batch !== 'number' || !Number.isInteger(batch) || batch < 1)) {
    throw new ValidationError('options.maxEmbeddingsPerCall', 'must be a positive integer');
  }
}
