import {
  type CallOptions,
  checkEmbedRequest,
  type EmbedRequest,
  type EmbedResult,
  embedInBatches,
  type ModelCost,
  toEmbedResult,
} from '@aigo/ai';
import { type KeyedHttpClient, toRequestOptions } from '@aigo/http';
import { mapOpenAIEmbeddingsResponse } from './map-openai-embeddings-response.js';
import {
  buildOpenAIEmbeddingsBody,
  parseOpenAIEmbeddingOptions,
} from './openai-embeddings-request.js';

/** What `embed` needs of its provider. */
export interface OpenAIEmbedContext {
  readonly providerId: string;
  /** `{baseURL}/embeddings`. */
  readonly url: string;
  readonly http: KeyedHttpClient;
  readonly batchSize: number;
  readonly modelCost: (model: string) => ModelCost | undefined;
}

/**
 * `provider.embed` of `openai()`: checks the request, posts the values in batches of
 * `batchSize` to `/embeddings`, one after the other, and joins the answers.
 */
export async function openAIEmbed(
  context: OpenAIEmbedContext,
  request: EmbedRequest,
  options?: CallOptions,
): Promise<EmbedResult> {
  checkEmbedRequest(request);
  const settings = parseOpenAIEmbeddingOptions(request, context.providerId);
  const requestOptions = toRequestOptions(options);
  const batched = await embedInBatches({
    values: request.values,
    batchSize: context.batchSize,
    signal: options?.signal,
    provider: context.providerId,
    embedBatch: async (values) => {
      const body = buildOpenAIEmbeddingsBody(request, values, settings);
      const { data } = await context.http.client().postJson(context.url, body, requestOptions);
      return mapOpenAIEmbeddingsResponse(data, values.length, context.providerId);
    },
  });
  const model = batched.model ?? request.model;
  return toEmbedResult(
    batched,
    model,
    context.modelCost(model) ?? context.modelCost(request.model),
  );
}
