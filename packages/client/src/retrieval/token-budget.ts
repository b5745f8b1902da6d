/**
 * Counts the tokens of a text. The context-window work adds a model-aware `countTokens`; until then
 * (and for any model it does not know) the injector takes this function, so switching is one line.
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
