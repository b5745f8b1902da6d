import type { AgentStream } from '../agent/agent.js';
import { ValidationError } from '../errors/validation-error.js';
import { ChatStream } from '../stream/chat-stream.js';

/**
 * Whether `stream` is a model stream rather than an agent's: a `ChatStream`, or one from another
 * installed copy of `@aigo/ai` (it has `addHooks` and `partial`, which no agent stream has).
 */
export function isChatStream(stream: ChatStream | AgentStream<unknown>): stream is ChatStream {
  if (stream instanceof ChatStream) return true;
  return typeof (stream as { addHooks?: unknown }).addHooks === 'function' && 'partial' in stream;
}

/** Throws a `ValidationError` naming `stream` unless it is a stream the web functions can read. */
export function checkStream(stream: unknown): void {
  if (
    stream === null ||
    typeof stream !== 'object' ||
    typeof (stream as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] !== 'function'
  ) {
    throw new ValidationError(
      'stream',
      'must be a ChatStream (client.streamMessage) or an agent stream (agent.executeStream)',
    );
  }
}
