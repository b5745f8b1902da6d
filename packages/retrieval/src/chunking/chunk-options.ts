import { ValidationError } from '@aigo/ai';
import { type CountTokens, estimateTokensByCharacters } from '../tokens/count-tokens.js';

/** Options of `chunkText`, `chunkMarkdown` and `chunkHtml`. */
export interface ChunkOptions {
  /** The most tokens a chunk may have, as `countTokens` counts them. Default 512. */
  readonly maxTokens?: number;
  /**
   * Tokens a chunk repeats from the end of the chunk before it, in whole pieces (sentences, lines,
   * blocks), when both come from one stretch of text. Less than `maxTokens`. Default 0.
   */
  readonly overlapTokens?: number;
  /**
   * Counts a text's tokens, synchronously. Default: characters ÷ 4 (`estimateTokensByCharacters`);
   * `openAITokenCounter(model)` of `@aigo/openai` counts exactly with `gpt-tokenizer`.
   */
  readonly countTokens?: CountTokens;
}

/** The default `maxTokens`. */
export const DEFAULT_MAX_TOKENS = 512;

/** What sizes chunks: the checked options, and the tokens of the separators between pieces. */
export interface Sizer {
  readonly maxTokens: number;
  readonly overlapTokens: number;
  readonly countTokens: CountTokens;
  /** The tokens of a separator (counted once per distinct separator). */
  separatorTokens(separator: string): number;
}

const OPTION_KEYS = new Set(['maxTokens', 'overlapTokens', 'countTokens']);

/**
 * Checks a chunker's options and completes them with the defaults.
 *
 * @throws ValidationError naming the option (`options.overlapTokens` when it is not below
 *   `options.maxTokens`).
 */
export function sizerOf(options: ChunkOptions | undefined): Sizer {
  if (options !== undefined && (options === null || typeof options !== 'object'))
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options ?? {})) {
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  }
  const maxTokens = options?.maxTokens ?? DEFAULT_MAX_TOKENS;
  const overlapTokens = options?.overlapTokens ?? 0;
  const countTokens = options?.countTokens ?? estimateTokensByCharacters;
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1)
    throw new ValidationError('options.maxTokens', 'must be a positive integer');
  if (typeof overlapTokens !== 'number' || !Number.isInteger(overlapTokens) || overlapTokens < 0)
    throw new ValidationError('options.overlapTokens', 'must be an integer from 0');
  if (overlapTokens >= maxTokens) {
    throw new ValidationError(
      'options.overlapTokens',
      `must be less than options.maxTokens (${maxTokens}), is ${overlapTokens}`,
    );
  }
  if (typeof countTokens !== 'function')
    throw new ValidationError('options.countTokens', 'must be a function (text) => number');
  const separators = new Map<string, number>();
  return {
    maxTokens,
    overlapTokens,
    countTokens: (text) => {
      const tokens = countTokens(text);
      if (typeof tokens !== 'number' || !Number.isFinite(tokens) || tokens < 0)
        throw new ValidationError('options.countTokens', `returned ${String(tokens)}, not a count`);
      return tokens;
    },
    separatorTokens(separator) {
      let tokens = separators.get(separator);
      if (tokens === undefined) {
        tokens = separator === '' ? 0 : countTokens(separator);
        separators.set(separator, tokens);
      }
      return tokens;
    },
  };
}
