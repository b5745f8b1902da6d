import type { AgentStream } from '../agent/agent.js';
import type { AgentEvent } from '../agent/agent-event.js';
import { ValidationError } from '../errors/validation-error.js';
import type { ChatStream } from '../stream/chat-stream.js';
import type { StreamEvent } from '../stream/stream-event.js';
import { iteratorStream } from './iterator-stream.js';
import { textMapper } from './readable-mappers.js';
import { encodeText } from './sse-frame.js';
import { checkStream } from './stream-kind.js';
import { checkedResponseInit, responseHeaders } from './web-stream-options.js';

/** The headers of a streamed text response. */
const TEXT_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/plain; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
});

/**
 * The answer's text as a web `ReadableStream<string>`: the `content` fragments as they arrive (an
 * agent's from every iteration); reasoning, tool calls and usage are left out. A failure (an
 * agent's `error` event too) errors the web stream with the `AigoError`. Cancelling the web stream
 * cancels the model call or aborts the run.
 *
 * @param stream - A `ChatStream` (`client.streamMessage`) or an agent stream (`agent.executeStream`).
 * @throws ValidationError naming `stream` when it is not a stream.
 */
export function toTextStream(stream: ChatStream | AgentStream<unknown>): ReadableStream<string> {
  checkStream(stream);
  return iteratorStream(
    stream as AsyncIterable<StreamEvent | AgentEvent<unknown>>,
    textMapper((text) => text),
  );
}

/**
 * The answer's text as a streamed `text/plain; charset=utf-8` `Response` (`toTextStream`, encoded),
 * with `Cache-Control: no-cache, no-transform`. A failure cuts the response short (the client's
 * read fails): use `toSSEResponse` when the client must learn why.
 *
 * @param stream - A `ChatStream` or an agent stream.
 * @param init - The response's status and headers (added to, or replacing, the defaults).
 */
export function toTextResponse(
  stream: ChatStream | AgentStream<unknown>,
  init?: ResponseInit,
): Response {
  checkStream(stream);
  if (init !== undefined && (init === null || typeof init !== 'object')) {
    throw new ValidationError('init', 'must be an object');
  }
  const checked = checkedResponseInit(init, responseHeaders(TEXT_HEADERS, init, 'init'), 'init');
  const body = iteratorStream(
    stream as AsyncIterable<StreamEvent | AgentEvent<unknown>>,
    textMapper(encodeText),
  );
  return new Response(body, checked);
}
