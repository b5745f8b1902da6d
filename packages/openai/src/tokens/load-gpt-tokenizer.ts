/** The encodings of OpenAI's model families that `gpt-tokenizer` ships. */
export type OpenAIEncoding = 'o200k_base' | 'cl100k_base';

/** What the context counting needs of one `gpt-tokenizer` encoding. */
export interface TextTokenizer {
  countTokens(text: string): number;
}

const loading = new Map<OpenAIEncoding, Promise<TextTokenizer | undefined>>();

/**
 * Loads one encoding of `gpt-tokenizer` (an optional peer dependency) at its first use, once per
 * process; `undefined` when the package is not installed (counts are then estimated).
 */
export function loadTokenizer(encoding: OpenAIEncoding): Promise<TextTokenizer | undefined> {
  let found = loading.get(encoding);
  if (found === undefined) {
    const module =
      encoding === 'o200k_base'
        ? import('gpt-tokenizer/encoding/o200k_base')
        : import('gpt-tokenizer/encoding/cl100k_base');
    found = module.then(
      (loaded) => ({ countTokens: (text: string) => loaded.countTokens(text) }),
      () => undefined,
    );
    loading.set(encoding, found);
  }
  return found;
}

/**
 * The encoding of an OpenAI model family, or `undefined` for a model of another family (a model of
 * a compatible server: Llama, Qwen, DeepSeek…), whose tokens are estimated.
 */
export function encodingOf(model: string): OpenAIEncoding | undefined {
  const name = model.toLowerCase().replace(/^openai\//, '');
  if (/^(?:gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|chatgpt-4o|o[134](?:-|$)|gpt-oss|codex)/.test(name)) {
    return 'o200k_base';
  }
  if (/^(?:gpt-4|gpt-3\.5|text-embedding-3|text-embedding-ada)/.test(name)) return 'cl100k_base';
  return undefined;
}
