// Reading the text out of a stack's stream: shared by the stacks of every provider suite
// (suites/anchors/stacks.mjs, suites/anthropic/anthropic-stacks.mjs).

/** The characters of text in the items of an async iterable, `text(item)` giving one's text (if any). */
export async function countText(iterable, text) {
  let count = 0;
  for await (const item of iterable) count += text(item)?.length ?? 0;
  return count;
}

/** Reads `iterable` until the first non-empty text delta; resolves to its iterator. */
export async function untilFirstText(iterable, text) {
  const iterator = iterable[Symbol.asyncIterator]();
  for (;;) {
    const { done, value } = await iterator.next();
    if (done) throw new Error('the stream ended before its first content delta');
    if (text(value)) return iterator;
  }
}

/** The text of an aigo `content` stream event. */
export const contentText = (event) => (event.type === 'content' ? event.text : undefined);
