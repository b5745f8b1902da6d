import { type EmbeddingBatch, type ProviderError, readEmbeddingVector, type Usage } from '@aigo/ai';
import { invalidResponse, isRecord } from '@aigo/http';
import { GEMINI_PROVIDER_ID } from '../response/gemini-response-mapper.js';

function invalid(problem: string): ProviderError {
  return invalidResponse(GEMINI_PROVIDER_ID, problem);
}

/** `usageMetadata.promptTokenCount` when the answer has it (the embedding endpoints mostly do not). */
function usageOf(data: Record<string, unknown>): Usage | undefined {
  const metadata = data.usageMetadata;
  if (!isRecord(metadata)) return undefined;
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
  if (!isRecord(data)) throw invalid('of an embedding call is not an object');
  if (!batch) {
    const embedding = data.embedding;
    if (!isRecord(embedding)) throw invalid('of embedContent has no embedding');
    return {
      embeddings: [readEmbeddingVector(embedding.values, GEMINI_PROVIDER_ID, 'embedding.values')],
      usage: usageOf(data),
    };
  }
  const embeddings = data.embeddings;
  if (!Array.isArray(embeddings)) throw invalid('of batchEmbedContents has no embeddings array');
  if (embeddings.length !== count) {
    throw invalid(`has ${embeddings.length} embeddings for ${count} inputs`);
  }
  return {
    embeddings: embeddings.map((item: unknown, index) =>
      readEmbeddingVector(
        isRecord(item) ? item.values : undefined,
        GEMINI_PROVIDER_ID,
        `embeddings[${index}].values`,
      ),
    ),
    usage: usageOf(data),
  };
}
