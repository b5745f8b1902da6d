import { createRequire } from 'node:module';
import { AigoError, ValidationError } from '@aigo/ai';
import { encodingOf, type OpenAIEncoding, type TextTokenizer } from './load-gpt-tokenizer.js';

const loaded = new Map<OpenAIEncoding, TextTokenizer>();

/** Loads one encoding of `gpt-tokenizer` synchronously (once per process). */
function loadSync(encoding: OpenAIEncoding): TextTokenizer {
  let tokenizer = loaded.get(encoding);
  if (tokenizer === undefined) {
    const require = createRequire(import.meta.url);
    let encoder: { countTokens(text: string): number };
    try {
      encoder = require(`gpt-tokenizer/encoding/${encoding}`) as typeof encoder;
    } catch (error) {
      throw new AigoError(
        'unsupported',
        'openAITokenCounter needs the gpt-tokenizer package (npm install gpt-tokenizer)',
        { cause: error },
      );
    }
    tokenizer = { countTokens: (text: string) => encoder.countTokens(text) };
    loaded.set(encoding, tokenizer);
  }
  return tokenizer;
}

/**
 * A synchronous `(text) => number` that counts a text's tokens exactly as an OpenAI model's
 * tokenizer does (`o200k_base` for gpt-4o, gpt-4.1, gpt-5 and the o-series; `cl100k_base` for
 * gpt-4, gpt-3.5 and the `text-embedding-3` / `ada` embedding models), with `gpt-tokenizer` (an
 * optional peer dependency, loaded here at the first call for an encoding). For the chunkers of
 * `@aigo/retrieval` (`countTokens`), so chunks fit an embedding model's input limit exactly.
 *
 * ```ts
 * const countTokens = openAITokenCounter('text-embedding-3-small');
 * const chunks = chunkMarkdown(document, { maxTokens: 512, countTokens });
 * ```
 *
 * @throws ValidationError naming `model` when it is no OpenAI model family gpt-tokenizer knows.
 * @throws AigoError coded `unsupported` when gpt-tokenizer is not installed.
 */
export function openAITokenCounter(model: string): (text: string) => number {
  if (typeof model !== 'string' || model.trim() === '')
    throw new ValidationError('model', 'must be a non-empty string');
  const encoding = encodingOf(model);
  if (encoding === undefined) {
    throw new ValidationError(
      'model',
      `"${model}" is not an OpenAI model whose tokenizer is known (gpt-4o, gpt-4.1, gpt-5, o-series, gpt-4, gpt-3.5, text-embedding-3, ada)`,
    );
  }
  const tokenizer = loadSync(encoding);
  return (text: string) => tokenizer.countTokens(text);
}
