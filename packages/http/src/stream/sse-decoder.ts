import { ProviderError, ValidationError } from '@aigo/ai';
import { createParser, type EventSourceParser } from 'eventsource-parser';
import {
  describe,
  optionalFunction,
  optionalInteger,
  optionalObject,
} from '../options/validate.js';
import type { StreamFrame } from './stream-frame.js';

/** The default limit on one buffered SSE event, in characters: 64 Mi (generated images are big). */
export const DEFAULT_MAX_EVENT_CHARS = 64 * 1024 * 1024;

/** Options of {@link createSseDecoder}. */
export interface SseDecoderOptions {
  /** Called for each comment line (`: OPENROUTER PROCESSING`), without the leading colon. */
  readonly onComment?: (comment: string) => void;
  /** The longest event (or unterminated line) the decoder buffers, in characters. */
  readonly maxEventChars?: number;
  /** The provider id put on errors (default `unknown`). */
  readonly provider?: string;
}

/** Turns the bytes of a `text/event-stream` body into frames, synchronously. */
export interface StreamDecoder {
  /** Feeds the next chunk of the body (bytes; UTF-8 split across chunks is fine). */
  push(chunk: Uint8Array): void;
  /** The body ended: delivers a last event that had no blank line after it. */
  end(): void;
}

/**
 * A decoder for `text/event-stream` bodies, built on `eventsource-parser`: `\n`, `\r\n` and `\r` line
 * ends, multi-line `data:` (joined with `\n`), `event:` names, `id:`, comment lines, a UTF-8 BOM, and
 * characters split across chunks. Unknown fields are ignored as the SSE standard says. A body that
 * ends without the blank line after its last event still delivers that event on `end()`.
 *
 * Throws a `ProviderError` (`stream_error`) from `push` when one event exceeds `maxEventChars`.
 */
export function createSseDecoder(
  onFrame: (frame: StreamFrame) => void,
  options: SseDecoderOptions = {},
): StreamDecoder {
  if (typeof onFrame !== 'function') {
    throw new ValidationError('onFrame', `must be a function, got ${describe(onFrame)}`);
  }
  optionalObject(options, 'options');
  const onComment = optionalFunction<(comment: string) => void>(
    options.onComment,
    'options.onComment',
  );
  const maxEventChars =
    optionalInteger(options.maxEventChars, 'options.maxEventChars', 1) ?? DEFAULT_MAX_EVENT_CHARS;
  return new SseDecoder(onFrame, onComment, maxEventChars, options.provider ?? 'unknown');
}

/**
 * The decoder's state in one object with methods rather than closures: a stream's decoder is made per
 * response, and V8 inlines `push` into the code that reads the body; closures made per response
 * would be new functions each time, whose inlined copies a garbage collection throws away.
 */
/** `TextDecoder.decode` options for a chunk that may end inside a character (one object, not one per chunk). */
const STREAMING = { stream: true };

class SseDecoder implements StreamDecoder {
  readonly #parser: EventSourceParser;
  readonly #decoder = new TextDecoder('utf-8');
  readonly #maxEventChars: number;
  readonly #provider: string;
  #overflow: ProviderError | undefined;

  constructor(
    onFrame: (frame: StreamFrame) => void,
    onComment: ((comment: string) => void) | undefined,
    maxEventChars: number,
    provider: string,
  ) {
    this.#maxEventChars = maxEventChars;
    this.#provider = provider;
    this.#parser = createParser({
      onEvent: onFrame,
      ...(onComment === undefined ? {} : { onComment }),
      maxBufferSize: maxEventChars,
      onError: (error) => {
        if (error.type === 'max-buffer-size-exceeded') this.#overflowed();
        // Unknown fields and invalid `retry:` values are ignored, as the SSE standard says.
      },
    });
  }

  push(chunk: Uint8Array): void {
    if (this.#overflow !== undefined) throw this.#overflow;
    this.#parser.feed(this.#decoder.decode(chunk, STREAMING));
    if (this.#overflow !== undefined) throw this.#overflow;
  }

  end(): void {
    if (this.#overflow !== undefined) return;
    const rest = this.#decoder.decode();
    // A blank line after whatever is left dispatches an event the server did not terminate.
    // (eventsource-parser's `reset({ consume: true })` parses the last line but drops the event.)
    this.#parser.feed(`${rest}\n\n`);
  }

  #overflowed(): void {
    this.#overflow = new ProviderError({
      code: 'stream_error',
      message: `The ${this.#provider} stream sent an event longer than ${this.#maxEventChars} characters`,
      provider: this.#provider,
      retryable: false,
    });
  }
}
