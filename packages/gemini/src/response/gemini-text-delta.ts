/**
 * Turns the text of successive stream chunks into deltas, whether the server sends increments (what
 * the Gemini API sends) or the whole text so far (some proxies and gateways).
 *
 * The mode is learned from the data: a chunk whose text starts with everything received so far, and
 * is longer, is read as cumulative; two such chunks in a row settle the stream as cumulative, and any
 * chunk that does not start with the text so far settles it as incremental. Only the second chunk of
 * an incremental stream can be misread, and only when it begins with the entire first chunk.
 */
export class TextDeltaTracker {
  #text = '';
  #mode: 'unknown' | 'incremental' | 'cumulative' = 'unknown';
  #cumulativeHits = 0;

  /** The new text a chunk brings ('' when it brings none). */
  delta(chunkText: string): string {
    if (chunkText.length === 0) return '';
    if (this.#text.length === 0) {
      this.#text = chunkText;
      return chunkText;
    }
    if (this.#mode !== 'incremental') {
      if (chunkText.startsWith(this.#text)) {
        const delta = chunkText.slice(this.#text.length);
        if (this.#mode === 'cumulative' || delta.length > 0) {
          if (this.#mode === 'unknown' && ++this.#cumulativeHits >= 2) this.#mode = 'cumulative';
          this.#text = chunkText;
          return delta;
        }
      } else if (this.#mode === 'cumulative') {
        // The server started a new text (a new part): it is all new, and the new baseline.
        this.#text = chunkText;
        return chunkText;
      } else {
        this.#mode = 'incremental';
      }
    }
    // Once the stream is known to be incremental the text so far is not needed any more.
    if (this.#mode !== 'incremental') this.#text += chunkText;
    return chunkText;
  }
}
