import { AigoError, ProviderError } from '@aigo/ai';
import type { StreamDecoder } from '../stream/sse-decoder.js';
import type { StreamDecoding } from '../stream/stream-decoding.js';
import type { StreamFrame } from '../stream/stream-frame.js';

/** The media type of AWS's binary event stream. */
export const AWS_EVENT_STREAM_TYPE = 'application/vnd.amazon.eventstream';

/** The largest message accepted: 16 MiB (the format's own limit). */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** The part of `@smithy/eventstream-codec` the decoder uses. */
interface Codec {
  decode(message: ArrayBufferView): {
    headers: Record<string, { type: string; value: unknown }>;
    body: Uint8Array;
  };
}

type CodecModule = typeof import('@smithy/eventstream-codec');

let codecModule: Promise<CodecModule> | undefined;

/** `@smithy/eventstream-codec`, loaded once at the first streamed call (an optional peer). */
function loadCodec(): Promise<CodecModule> {
  codecModule ??= import('@smithy/eventstream-codec').catch((error: unknown) => {
    codecModule = undefined;
    throw new AigoError(
      'unsupported',
      'AWS event streams need the optional peer dependency @smithy/eventstream-codec: install it',
      { cause: error },
    );
  });
  return codecModule;
}

const utf8 = new TextDecoder();
const toUtf8 = (bytes: Uint8Array): string => utf8.decode(bytes);
const fromUtf8 = (text: string): Uint8Array => Buffer.from(text, 'utf8');

/**
 * The {@link StreamDecoding} of AWS's `application/vnd.amazon.eventstream` bodies (Bedrock's
 * ConverseStream and InvokeModelWithResponseStream), with `@smithy/eventstream-codec` loaded (once)
 * before it resolves. Each message is checked and parsed by the codec (prelude and message CRCs,
 * typed headers); the decoder only collects a message's bytes, by the length its prelude gives.
 *
 * Frames: an `event` message becomes `{ event: <:event-type>, data: <payload text> }`; an
 * `exception` or `error` message becomes `{ event: 'exception', data }` with `data` a JSON object
 * `{ "__type": <:exception-type or :error-code>, "message": … }` (the payload's fields kept), which
 * `errorFromResponse` reads like an AWS JSON error body.
 *
 * @throws AigoError `unsupported` when `@smithy/eventstream-codec` is not installed.
 */
export async function awsEventStreamDecoding(): Promise<StreamDecoding> {
  const { EventStreamCodec } = await loadCodec();
  return {
    accept: AWS_EVENT_STREAM_TYPE,
    decoder: (deliver, { provider }) =>
      new AwsEventStreamDecoder(new EventStreamCodec(toUtf8, fromUtf8), deliver, provider),
  };
}

/** @internal Collects whole messages from body chunks and hands each to the codec. */
class AwsEventStreamDecoder implements StreamDecoder {
  readonly #codec: Codec;
  readonly #deliver: (frame: StreamFrame) => void;
  readonly #provider: string;
  #pending: Buffer = Buffer.alloc(0);

  constructor(codec: Codec, deliver: (frame: StreamFrame) => void, provider: string) {
    this.#codec = codec;
    this.#deliver = deliver;
    this.#provider = provider;
  }

  push(chunk: Uint8Array): void {
    let bytes =
      this.#pending.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.#pending, chunk]);
    while (bytes.length >= 4) {
      const total = bytes.readUInt32BE(0);
      if (total < 16 || total > MAX_MESSAGE_BYTES) {
        throw this.#broken(`a message of ${total} bytes`);
      }
      if (bytes.length < total) break;
      const message = bytes.subarray(0, total);
      bytes = bytes.subarray(total);
      this.#deliver(this.#frame(message));
    }
    this.#pending = bytes;
  }

  end(): void {
    if (this.#pending.length > 0) {
      throw this.#broken(`${this.#pending.length} bytes after the last whole message`);
    }
  }

  #frame(message: Uint8Array): StreamFrame {
    let decoded: ReturnType<Codec['decode']>;
    try {
      decoded = this.#codec.decode(message);
    } catch (error) {
      throw this.#broken((error as Error).message, error);
    }
    const { headers, body } = decoded;
    const header = (name: string): string | undefined => {
      const value = headers[name]?.value;
      return typeof value === 'string' ? value : undefined;
    };
    const data = toUtf8(body);
    const kind = header(':message-type') ?? 'event';
    if (kind === 'event') return { event: header(':event-type'), data };
    let payload: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(data);
      if (parsed !== null && typeof parsed === 'object')
        payload = parsed as Record<string, unknown>;
    } catch {
      payload = { message: data };
    }
    const type = header(':exception-type') ?? header(':error-code') ?? 'InternalServerException';
    const text = header(':error-message');
    return {
      event: 'exception',
      data: JSON.stringify({ ...payload, __type: type, ...(text ? { message: text } : {}) }),
    };
  }

  #broken(problem: string, cause?: unknown): ProviderError {
    return new ProviderError({
      code: 'stream_error',
      message: `The AWS event stream is broken: ${problem}`,
      provider: this.#provider,
      retryable: false,
      cause,
    });
  }
}
