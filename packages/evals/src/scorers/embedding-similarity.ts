import { type EmbeddingProvider, ValidationError } from '@aigo/ai';
import { checkNumber, checkOptions, named } from './check-options.js';
import type { Scorer } from './scorer-types.js';
import { asText } from './text.js';

/** Options of `embeddingSimilarity`. */
export interface EmbeddingSimilarityOptions {
  /** Any embedding provider: `openai()`, `gemini()`, a fake. */
  readonly provider: EmbeddingProvider;
  /** The embedding model. */
  readonly model: string;
  /** The vector length to ask for, where the model can shorten vectors. */
  readonly dimensions?: number;
  /** The similarity a passing output reaches. Default 0.8. */
  readonly threshold?: number;
}

/**
 * The cosine similarity of the output's and the expected value's embeddings (both embedded in one
 * call; negative similarities score 0). Passes at `threshold` (0.8) or more. The embedding call's
 * cost, when the provider prices it, is the scorer's cost.
 *
 * @example
 * embeddingSimilarity({ provider: openai(), model: 'text-embedding-3-small' })
 *
 * @throws ValidationError for bad options.
 */
export function embeddingSimilarity(options: EmbeddingSimilarityOptions): Scorer {
  const checked = checkOptions('embeddingSimilarity', options, [
    'provider',
    'model',
    'dimensions',
    'threshold',
  ]);
  const provider = checked.provider as EmbeddingProvider | undefined;
  if (provider === null || typeof provider !== 'object' || typeof provider.embed !== 'function') {
    throw new ValidationError(
      'embeddingSimilarity.options.provider',
      'must be an embedding provider (with embed)',
    );
  }
  if (typeof checked.model !== 'string' || checked.model === '') {
    throw new ValidationError(
      'embeddingSimilarity.options.model',
      'must be the embedding model name',
    );
  }
  const model = checked.model;
  const threshold =
    checked.threshold === undefined
      ? 0.8
      : checkNumber('embeddingSimilarity.options.threshold', checked.threshold, 0, 1);
  const dimensions =
    checked.dimensions === undefined
      ? undefined
      : checkNumber('embeddingSimilarity.options.dimensions', checked.dimensions, 1, 1_000_000);
  return named('embeddingSimilarity', async (evalCase, output, run) => {
    if (evalCase.expected === undefined)
      return { score: 0, pass: false, reason: 'the case has no expected value' };
    const result = await provider.embed(
      {
        model,
        values: [asText(output), asText(evalCase.expected)],
        ...(dimensions === undefined ? {} : { dimensions }),
      },
      { signal: run.signal },
    );
    const [a, b] = result.embeddings;
    const score = Math.max(0, cosine(a ?? [], b ?? []));
    const pass = score >= threshold;
    const cost = result.cost?.amount;
    return {
      score,
      pass,
      ...(pass ? {} : { reason: `similarity ${score.toFixed(3)} < ${threshold}` }),
      ...(cost === undefined ? {} : { cost }),
    };
  });
}

/** The cosine of two vectors (0 when either is all zeros or their lengths differ). */
export function cosine(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index] as number;
    const y = b[index] as number;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}
