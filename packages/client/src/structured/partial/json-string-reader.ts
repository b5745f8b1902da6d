import { BACKSLASH, QUOTE, unescapeCharacter } from './json-characters.js';

const HEX4 = /^[0-9a-fA-F]{4}$/;

/**
 * Reads one JSON string (or a single-quoted one) as it streams, chunk by chunk: plain runs are
 * sliced out whole, escapes decoded (`\u` ones too, their digits split anywhere). After each `read`,
 * `closed`, `grew` and `invalid` tell what happened.
 */
export class JsonStringReader {
  /** The text read so far. */
  text = '';
  /** True when the last `read` reached the closing quote. */
  closed = false;
  /** True when the last `read` added text. */
  grew = false;
  /** True when a `\u` escape was not four hex digits. */
  invalid = false;
  #quote = QUOTE;
  /**
   * The last character code of the text, kept aside so that showing the text does not read it
   * (reading a string built by `+=` copies it whole, which would make long strings quadratic).
   */
  #lastCode = 0;
  /** 0, or 1 after a backslash, or 2 while reading the hex digits of `\u`. */
  #escape = 0;
  #hex = '';
  /** The chunk searched for backslashes, and where the next one is in it. */
  #searched = '';
  #searchedFrom = 0;
  #backslashAt = 0;

  /** Starts a string opened by `quote`. */
  start(quote: number): void {
    this.text = '';
    this.#quote = quote;
    this.#lastCode = 0;
    this.#escape = 0;
    this.closed = false;
    this.invalid = false;
  }

  /** The text as a partial value shows it: a high surrogate alone waits for its other half. */
  displayed(): string {
    const code = this.#lastCode;
    return code >= 0xd800 && code <= 0xdbff ? this.text.slice(0, -1) : this.text;
  }

  /** Reads from `index`; returns where reading goes on. */
  read(chunk: string, index: number): number {
    this.grew = false;
    this.closed = false;
    if (this.#escape !== 0) return this.#readEscape(chunk, index);
    // The closing quote and the next backslash, found by the engine's own search: most strings are
    // one run of plain characters.
    const quoteAt = chunk.indexOf(this.#quote === QUOTE ? '"' : "'", index);
    const length = chunk.length;
    const backslashAt = this.#backslashAfter(chunk, index);
    let end = quoteAt === -1 ? length : quoteAt;
    if (backslashAt < end) end = backslashAt;
    if (end > index) {
      this.text += chunk.slice(index, end);
      this.#lastCode = chunk.charCodeAt(end - 1);
      this.grew = true;
    }
    if (end === length) return end;
    if (chunk.charCodeAt(end) === BACKSLASH) this.#escape = 1;
    else this.closed = true;
    return end + 1;
  }

  /**
   * The index of the first backslash of `chunk` at or after `index` (its length: none). Kept per
   * chunk, so a chunk of many strings is searched once, not once per string.
   */
  #backslashAfter(chunk: string, index: number): number {
    if (chunk !== this.#searched || this.#backslashAt < index || this.#searchedFrom > index) {
      this.#searched = chunk;
      this.#searchedFrom = index;
      const found = chunk.indexOf('\\', index);
      this.#backslashAt = found === -1 ? chunk.length : found;
    }
    return this.#backslashAt;
  }

  #readEscape(chunk: string, index: number): number {
    const character = chunk[index] as string;
    if (this.#escape === 1) {
      if (character === 'u') {
        this.#escape = 2;
        this.#hex = '';
      } else {
        this.#escape = 0;
        this.#append(unescapeCharacter(character));
      }
      return index + 1;
    }
    this.#hex += character;
    if (this.#hex.length < 4) return index + 1;
    this.#escape = 0;
    if (!HEX4.test(this.#hex)) {
      this.invalid = true;
      return index + 1;
    }
    this.#append(String.fromCharCode(Number.parseInt(this.#hex, 16)));
    return index + 1;
  }

  #append(character: string): void {
    this.text += character;
    this.#lastCode = character.charCodeAt(0);
    this.grew = true;
  }
}
