import { type EmbeddingBatch, ProviderError, readEmbeddingVector, type Usage } from '@aigo/ai';
import { isRecord, numberOf, stringOf } from '@aigo/http';

function invalid(provider: string, message: string): ProviderError {
  return new ProviderError({ code: 'invalid_response', provider, retryable: false, message });
}

/**
 * Reads a `/embeddings` answer: `data[]` of `{ index, embedding }`, put back in input order by
 * `index` (the API does not promise the order), `usage.prompt_tokens` (servers that leave usage
 * out give `undefined`, never a made-up 0) and `model`.
 *
 * @throws ProviderError coded `invalid_response` naming what is wrong.
 */
export function mapOpenAIEmbeddingsResponse(
  data: unknown,
  count: number,
  provider: string,
): EmbeddingBatch {
  if (!isRecord(data) || !Array.isArray(data.data)) {
    throw invalid(provider, `${provider} answered /embeddings without a data array`);
  }
  const embeddings: (number[] | undefined)[] = new Array(count).fill(undefined);
  data.data.forEach((item: unknown, position: number) => {
    const field = `data[${position}]`;
    if (!isRecord(item))
      throw invalid(provider, `${provider} returned ${field} that is not an object`);
    const index = numberOf(item.index) ?? position;
    if (
      !Number.isInteger(index) ||
      index < 0 ||
      index >= count ||
      embeddings[index] !== undefined
    ) {
      throw invalid(
        provider,
        `${provider} returned ${field}.index ${String(item.index)} for ${count} inputs`,
      );
    }
    embeddings[index] = readEmbeddingVector(item.embedding, provider, `${field}.embedding`);
  });
  if (embeddings.some((vector) => vector === undefined)) {
    throw invalid(
      provider,
      `${provider} returned ${data.data.length} embeddings for ${count} inputs`,
    );
  }
  let usage: Usage | undefined;
  if (isRecord(data.usage)) {
    const prompt = numberOf(data.usage.prompt_tokens);
    if (prompt !== undefined) {
      usage = {
        promptTokens: prompt,
        completionTokens: 0,
        totalTokens: numberOf(data.usage.total_tokens) ?? prompt,
      };
    }
  }
  const model = stringOf(data.model);
  return { embeddings: embeddings as number[][], usage, ...(model === undefined ? {} : { model }) };
}
