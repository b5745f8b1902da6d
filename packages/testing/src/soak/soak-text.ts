/**
 * The words a soak server streams, one per content chunk (`soakWord(i)` is chunk `i`'s), and the text
 * of the first `count` chunks (`soakText(count)`): the kinds stop after a number of characters and
 * check whole streams against it. A reader that falls behind gets several chunks joined into one
 * event, so events are never counted.
 */
const WORDS: readonly string[] = Object.freeze([
  'The',
  ' soak',
  ' keeps',
  ' every',
  ' socket',
  ' it',
  ' opens',
  '.',
]);

/** The content of soak chunk `index` (0-based). */
export function soakWord(index: number): string {
  return WORDS[index % WORDS.length] as string;
}

/** The text of the first `count` soak chunks. */
export function soakText(count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += soakWord(i);
  return text;
}

/** An integer in [low, high], from `random` (a `seededRandom`). */
export function between(random: () => number, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}
