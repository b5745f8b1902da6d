import { ProviderError, ValidationError } from '@aigo/ai';
import { describe } from '../options/validate.js';
import type { StreamDecoder } from './sse-decoder.js';
import type { StreamFrame } from './stream-frame.js';

const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;

/**
 * A decoder for a body that is one JSON array streamed element by element (Gemini's
 * `streamGenerateContent` without `alt=sse`): each top-level object or array becomes a frame whose
 * `data` is its JSON text. Elements are not parsed here, only delimited (strings and escapes are
 * respected). Throws a `ProviderError` (`stream_error`) for text outside the array or between
 * elements, and on `end()` when an element was cut off.
 */
export function createJsonArrayDecoder(
  onFrame: (frame: StreamFrame) => void,
  options: { readonly provider?: string } = {},
): StreamDecoder {
  if (typeof onFrame !== 'function') {
    throw new ValidationError('onFrame', `must be a function, got ${describe(onFrame)}`);
  }
  const provider = options?.provider ?? 'unknown';
  const decoder = new TextDecoder('utf-8');
  // The element being read: its text from earlier chunks, and where it starts in the current one.
  const pending: string[] = [];
  let elementStart = -1;
  let depth = 0; // 0: outside the array, 1: inside it, > 1: inside an element
  let inString = false;
  let escaped = false;
  let closed = false;

  const malformed = (what: string): ProviderError =>
    new ProviderError({
      code: 'stream_error',
      message: `The ${provider} stream is not a JSON array: ${what}`,
      provider,
      retryable: false,
    });

  const scan = (text: string): void => {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (c === 32 || c === 10 || c === 13 || c === 9 || (c === 0xfeff && depth === 0)) continue;
      if (closed) throw malformed('text after the closing bracket');
      if (depth === 0) {
        if (c !== OPEN_BRACKET)
          throw malformed(`unexpected ${JSON.stringify(text[i])} before the array`);
        depth = 1;
        continue;
      }
      if (depth === 1) {
        if (c === OPEN_BRACE || c === OPEN_BRACKET) {
          elementStart = i;
          depth = 2;
        } else if (c === CLOSE_BRACKET) {
          closed = true;
        } else if (c !== COMMA) {
          throw malformed(`unexpected ${JSON.stringify(text[i])} between elements`);
        }
        continue;
      }
      if (c === QUOTE) inString = true;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
      else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        depth--;
        if (depth === 1) {
          const tail = text.slice(elementStart, i + 1);
          const data = pending.length === 0 ? tail : pending.join('') + tail;
          pending.length = 0;
          elementStart = -1;
          onFrame({ data });
        }
      }
    }
    if (depth > 1) {
      // The element continues in the next chunk.
      pending.push(text.slice(elementStart));
      elementStart = 0;
    }
  };

  return {
    push(chunk) {
      const text = decoder.decode(chunk, { stream: true });
      if (text !== '') scan(text);
    },
    end() {
      const rest = decoder.decode();
      if (rest !== '') scan(rest);
      if (depth > 1) throw malformed('the body ended inside an element');
    },
  };
}
