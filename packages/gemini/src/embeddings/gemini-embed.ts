import {
  type CallOptions,
  checkEmbedRequest,
  type EmbedRequest,
  type EmbedResult,
  embedInBatches,
  type ModelCost,
  toEmbedResult,
} from '@aigo/ai';
import { errorFromResponse, type KeyedHttpClient, toRequestOptions } from '@aigo/http';
import { normaliseGeminiHttpError } from '../response/gemini-http-error.js';
import { GEMINI_PROVIDER_ID } from '../response/gemini-response-mapper.js';
import { modelResourcePath } from '../shared/gemini-endpoints.js';
import {
  buildGeminiEmbedContentRequest,
  parseGeminiEmbeddingOptions,
} from './gemini-embeddings-request.js';
import { mapGeminiEmbeddingsResponse } from './map-gemini-embeddings-response.js';

/** What `embed` needs of its provider. */
export interface GeminiEmbedContext {
  readonly baseURL: string;
  readonly http: KeyedHttpClient;
  readonly batchSize: number;
  readonly modelCost: (model: string) => ModelCost | undefined;
}

/**
 * `provider.embed` of `gemini()`: one value goes to `models/{model}:embedContent`, several to
 * `models/{model}:batchEmbedContents` in batches of `batchSize`, one after the other.
 */
export async function geminiEmbed(
  context: GeminiEmbedContext,
  request: EmbedRequest,
  options?: CallOptions,
): Promise<EmbedResult> {
  checkEmbedRequest(request);
  const settings = parseGeminiEmbeddingOptions(request);
  const path = `${context.baseURL}/${modelResourcePath(request.model)}`;
  const requestOptions = toRequestOptions(options);
  const batched = await embedInBatches({
    values: request.values,
    batchSize: context.batchSize,
    signal: options?.signal,
    provider: GEMINI_PROVIDER_ID,
    embedBatch: async (values) => {
      const batch = values.length > 1;
      const body = batch
        ? {
            requests: values.map((value) =>
              buildGeminiEmbedContentRequest(request, value, settings, true),
            ),
          }
        : buildGeminiEmbedContentRequest(request, values[0] as string, settings, false);
      const url = `${path}:${batch ? 'batchEmbedContents' : 'embedContent'}`;
      const { data } = await context.http
        .client()
        .postJson<unknown>(url, body, requestOptions)
        .catch((error: unknown) => {
          throw normaliseGeminiHttpError(error);
        });
      if (data !== null && typeof data === 'object' && 'error' in data) {
        throw errorFromResponse({
          provider: GEMINI_PROVIDER_ID,
          body: data,
          secrets: context.http.secrets,
        });
      }
      return mapGeminiEmbeddingsResponse(data, values.length, batch);
    },
  });
  const model = request.model.startsWith('models/')
    ? request.model.slice('models/'.length)
    : request.model;
  return toEmbedResult(batched, model, context.modelCost(model));
}
