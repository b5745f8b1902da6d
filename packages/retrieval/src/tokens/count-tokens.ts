/**
 * Counts the tokens of a text, synchronously. The chunkers size chunks with it and the retrieval
 * middleware its token budget; `openAITokenCounter(model)` of `@aigo/openai` counts exactly with
 * `gpt-tokenizer`.
 */
export type CountTokens = (text: string) => number;

/**
 * The default {@link CountTokens}: a quarter of the characters, rounded up — OpenAI's rule of thumb
 * for English. It overestimates for plain English and underestimates for code, CJK and emoji; pass a
 * real tokenizer's count where the budget must be tight.
 */
export function estimateTokensByCharacters(text: string): number {
  return Math.ceil(text.length / 4);
}
