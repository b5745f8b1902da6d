import { ValidationError } from '@aigo/ai';

/** One part of a page's content, as {@link pagePart} cuts it. */
export interface PagePart {
  /** The part's text. */
  readonly text: string;
  /** Where the part starts in the whole content (characters). */
  readonly offset: number;
  /** Where the next part starts; equal to `total` when this part is the last. */
  readonly end: number;
  /** The whole content's length (characters). */
  readonly total: number;
  /** Whether content follows this part. */
  readonly truncated: boolean;
}

/** The last fifth of a part is where a cut looks for a paragraph, line or word end. */
const BOUNDARY_WINDOW = 0.2;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The part of `content` that starts at `offset` and is at most `maxCharacters` long. Characters are
 * JavaScript string characters (UTF-16 code units), so offsets are `String.prototype.slice` indices.
 *
 * A part that does not reach the end ends, when it can, after a paragraph break (`\n\n`), else a
 * line break, else a space, found in its last fifth — so that the next part starts at the start of a
 * paragraph, line or word; else it is cut at `maxCharacters`. It never splits a surrogate pair (an
 * emoji, say): the part ends before the pair (after it, one character over, when a one-character
 * part holds nothing else); an `offset` inside one starts the part at the pair.
 *
 * @throws ValidationError (`offset`) when `offset` is past the end of a non-empty content, saying
 *   how long the content is; `0` is always a valid offset.
 */
export function pagePart(content: string, offset: number, maxCharacters: number): PagePart {
  const total = content.length;
  if (offset > 0 && offset >= total) {
    throw new ValidationError(
      'offset',
      `${offset} is past the end of the content, which has ${total} characters: ask for an offset below ${total} (0 is the start)`,
    );
  }
  let start = offset;
  if (
    start > 0 &&
    isLowSurrogate(content.charCodeAt(start)) &&
    isHighSurrogate(content.charCodeAt(start - 1))
  ) {
    start -= 1;
  }
  if (total - start <= maxCharacters) {
    return { text: content.slice(start), offset: start, end: total, total, truncated: false };
  }
  let end = start + maxCharacters;
  const earliest = end - Math.floor(maxCharacters * BOUNDARY_WINDOW);
  const boundary = lastBoundary(content, earliest, end);
  if (boundary !== undefined) {
    end = boundary;
  } else if (
    isHighSurrogate(content.charCodeAt(end - 1)) &&
    isLowSurrogate(content.charCodeAt(end))
  ) {
    // Never half a pair: end before it — or, when it is all the part holds, after it.
    end += end - 1 > start ? -1 : 1;
  }
  return { text: content.slice(start, end), offset: start, end, total, truncated: end < total };
}

/** The index just after the last `\n\n`, else `\n`, else ` ` that ends within (earliest, end]. */
function lastBoundary(content: string, earliest: number, end: number): number | undefined {
  for (const separator of ['\n\n', '\n', ' ']) {
    const at = content.lastIndexOf(separator, end - separator.length);
    if (at >= 0 && at + separator.length > earliest) return at + separator.length;
  }
  return undefined;
}
