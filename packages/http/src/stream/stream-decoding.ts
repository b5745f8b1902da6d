import type { StreamDecoder } from './sse-decoder.js';
import type { StreamFrame } from './stream-frame.js';

/**
 * A streamed body format other than SSE and JSON arrays (AWS's binary event stream, say): the
 * `accept` header a request sends, and a decoder made per response that turns body bytes into
 * frames. The decoder is synchronous and delivers each frame as soon as its bytes are in; it throws
 * (an `AigoError`) on bytes that break the format, which fails the stream with that error.
 */
export interface StreamDecoding {
  /** The media type asked for (`application/vnd.amazon.eventstream`). */
  readonly accept: string;
  /** Makes the decoder of one response body; `deliver` takes each decoded frame. */
  readonly decoder: (
    deliver: (frame: StreamFrame) => void,
    context: { readonly provider: string },
  ) => StreamDecoder;
}
