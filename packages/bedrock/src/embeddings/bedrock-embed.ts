import {
  type CallOptions,
  checkEmbedRequest,
  type EmbeddingBatch,
  type EmbedRequest,
  type EmbedResult,
  embedInBatches,
  readEmbeddingVector,
  toEmbedResult,
  type Usage,
  ValidationError,
} from '@aigo/ai';
import { type HttpClient, isRecord, numberOf, toRequestOptions } from '@aigo/http';
import { BEDROCK_PROVIDER_ID } from '../shared/bedrock-metadata.js';

/** The most texts one Cohere Embed call takes on Bedrock. */
export const BEDROCK_MAX_EMBEDDINGS_PER_CALL = 96;

/** What {@link bedrockEmbed} calls with. */
export interface BedrockEmbedContext {
  readonly http: HttpClient;
  readonly baseURL: string;
}

/**
 * Embeds `request.values` with InvokeModel: Amazon Titan Text Embeddings (`amazon.titan-embed-…`,
 * one text a call, `dimensions` sent, vectors normalised) or Cohere Embed (`cohere.embed-…`, up to
 * 96 texts a call, `purpose` as `input_type` — `search_query` or `search_document`). Usage is the
 * input token count Bedrock reports (`inputTextTokenCount`, else the
 * `x-amzn-bedrock-input-token-count` header); embeddings are not priced.
 *
 * @throws ValidationError for a bad request or a model of another family, before any call.
 */
export async function bedrockEmbed(
  context: BedrockEmbedContext,
  request: EmbedRequest,
  options: CallOptions | undefined,
): Promise<EmbedResult> {
  checkEmbedRequest(request);
  const model = request.model.trim();
  const titan = model.includes('amazon.titan-embed');
  if (!titan && !model.includes('cohere.embed')) {
    throw new ValidationError(
      'request.model',
      `is not an embedding model Bedrock's adapter knows (amazon.titan-embed-…, cohere.embed-…): ${model}`,
    );
  }
  const url = `${context.baseURL}/model/${encodeURIComponent(model)}/invoke`;
  const requestOptions = toRequestOptions(options);
  const embedBatch = async (values: readonly string[]): Promise<EmbeddingBatch> => {
    const body = titan
      ? {
          inputText: values[0],
          ...(request.dimensions === undefined ? {} : { dimensions: request.dimensions }),
          normalize: true,
        }
      : {
          texts: [...values],
          input_type: request.purpose === 'query' ? 'search_query' : 'search_document',
          truncate: 'END',
        };
    const { data, headers } = await context.http.postJson(url, body, requestOptions);
    const header = Number(headers['x-amzn-bedrock-input-token-count']);
    const tokens =
      numberOf(isRecord(data) ? data.inputTextTokenCount : undefined) ??
      (Number.isFinite(header) ? header : undefined);
    const usage: Usage | undefined =
      tokens === undefined
        ? undefined
        : { promptTokens: tokens, completionTokens: 0, totalTokens: tokens };
    return { embeddings: vectorsOf(data, titan), usage };
  };
  const batched = await embedInBatches({
    values: request.values,
    batchSize: titan ? 1 : BEDROCK_MAX_EMBEDDINGS_PER_CALL,
    signal: options?.signal,
    provider: BEDROCK_PROVIDER_ID,
    embedBatch,
  });
  return toEmbedResult(batched, model, undefined);
}

/** The vectors of an answer: Titan's `embedding`; Cohere's `embeddings` (or `embeddings.float`). */
function vectorsOf(data: unknown, titan: boolean): number[][] {
  const record = isRecord(data) ? data : {};
  if (titan) return [readEmbeddingVector(record.embedding, BEDROCK_PROVIDER_ID, 'embedding')];
  const embeddings = isRecord(record.embeddings) ? record.embeddings.float : record.embeddings;
  const list = Array.isArray(embeddings) ? embeddings : [];
  return list.map((vector, index) =>
    readEmbeddingVector(vector, BEDROCK_PROVIDER_ID, `embeddings[${index}]`),
  );
}
