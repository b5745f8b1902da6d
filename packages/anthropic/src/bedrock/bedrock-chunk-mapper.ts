import type { ChatStreamController } from '@aigo/ai';
import { type FrameMapper, invalidResponse, isRecord, type StreamFrame } from '@aigo/http';
import { awsStreamException } from '@aigo/http/aws';
import type { AnthropicStreamMapper } from '../response/anthropic-stream-mapper.js';

/**
 * InvokeModelWithResponseStream's frames for Claude: each `chunk` event carries one Messages API
 * stream event as base64 JSON (`{"bytes":"…"}`), handed on to the Messages stream mapper as the SSE
 * event it would have been; an `exception` frame fails the stream with the exception's error.
 */
export class BedrockChunkMapper implements FrameMapper {
  readonly #inner: AnthropicStreamMapper;
  readonly #provider: string;
  readonly #secrets: readonly string[];

  constructor(inner: AnthropicStreamMapper, provider: string, secrets: readonly string[]) {
    this.#inner = inner;
    this.#provider = provider;
    this.#secrets = secrets;
  }

  onFrame(frame: StreamFrame, controller: ChatStreamController): void {
    if (frame.event === 'exception') {
      controller.error(awsStreamException(this.#provider, frame.data, this.#secrets));
      return;
    }
    if (frame.event !== 'chunk') return;
    let data: string;
    let type: unknown;
    try {
      const chunk: unknown = JSON.parse(frame.data);
      if (!isRecord(chunk) || typeof chunk.bytes !== 'string') throw new Error('no bytes');
      data = Buffer.from(chunk.bytes, 'base64').toString('utf8');
      type = (JSON.parse(data) as { type?: unknown }).type;
    } catch (error) {
      controller.error(
        invalidResponse(this.#provider, 'a chunk of the stream is not base64 JSON', error),
      );
      return;
    }
    this.#inner.onFrame({ event: typeof type === 'string' ? type : undefined, data }, controller);
  }

  onEnd(controller: ChatStreamController): void {
    if (this.#inner.onEnd === undefined) controller.close();
    else this.#inner.onEnd(controller);
  }
}
