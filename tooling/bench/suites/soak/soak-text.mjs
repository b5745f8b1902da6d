// The text the soak server streams, one word per content chunk; shared with the kinds, which stop
// after a number of words (a reader that falls behind gets several chunks joined into one event, so
// events are not counted).
const WORDS = Object.freeze(['The', ' soak', ' keeps', ' every', ' socket', ' it', ' opens', '.']);

/** The content of chunk `index` (0-based). */
export const word = (index) => WORDS[index % WORDS.length];

/** The text of the first `count` content chunks. */
export function streamedText(count) {
  let text = '';
  for (let i = 0; i < count; i++) text += word(i);
  return text;
}
