import { type EmbeddingBatch, ProviderError, readEmbeddingVector, type Usage } from '@aigo/ai';
import { GEMINI_PROVIDER_ID } from '../response/gemini-response-mapper.js';

function invalid(message: string): ProviderError {
  return new ProviderError({
    code: 'invalid_response',
    provider: GEMINI_PROVIDER_ID,
    retryable: false,
    message,
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `usageMetadata.promptTokenCount` when the answer has it (the embedding endpoints mostly do not). */
function usageOf(data: Record<string, unknown>): Usage | undefined {
  const metadata = data.usageMetadata;
  if (!isObject(metadata)) return undefined;
  const prompt = metadata.promptTokenCount;
  if (typeof prompt !== 'number' || !Number.isFinite(prompt)) return undefined;
  return { promptTokens: prompt, completionTokens: 0, totalTokens: prompt };
}

/**
 * Reads an `embedContent` answer (`{ embedding: { values } }`) or a `batchEmbedContents` one
 * (`{ embeddings: [{ values }] }`), in request order.
 *
 * @throws ProviderError coded `invalid_response` naming what is wrong.
 */
export function mapGeminiEmbeddingsResponse(
  data: unknown,
  count: number,
  batch: boolean,
): EmbeddingBatch {
  if (!isObject(data))
    throw invalid('Gemini answered an embedding call with something that is not an object');
  if (!batch) {
    const embedding = data.embedding;
    if (!isObject(embedding)) throw invalid('Gemini answered embedContent without an embedding');
    return {
      embeddings: [readEmbeddingVector(embedding.values, GEMINI_PROVIDER_ID, 'embedding.values')],
      usage: usageOf(data),
    };
  }
  const embeddings = data.embeddings;
  if (!Array.isArray(embeddings))
    throw invalid('Gemini answered batchEmbedContents without an embeddings array');
  if (embeddings.length !== count) {
    throw invalid(`Gemini returned ${embeddings.length} embeddings for ${count} inputs`);
  }
  return {
    embeddings: embeddings.map((item: unknown, index) =>
      readEmbeddingVector(
        isObject(item) ? item.values : undefined,
        GEMINI_PROVIDER_ID,
        `embeddings[${index}].values`,
      ),
    ),
    usage: usageOf(data),
  };
}
