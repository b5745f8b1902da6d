import type { AgentStream } from '../agent/agent.js';
import type { AgentEvent } from '../agent/agent-event.js';
import type { ChatStream } from '../stream/chat-stream.js';
import type { StreamEvent } from '../stream/stream-event.js';
import { agentSSEMapper } from './agent-sse-mapper.js';
import { chatSSEMapper } from './chat-sse-mapper.js';
import { iteratorStream, type StreamMapper } from './iterator-stream.js';
import { keepAliveFrame, SSE_HEADERS } from './sse-frame.js';
import { checkStream, isChatStream } from './stream-kind.js';
import { AGENT_ERROR_MESSAGE, CHAT_ERROR_MESSAGE, type ErrorMessage } from './web-error.js';
import {
  type CheckedSSEOptions,
  checkedResponseInit,
  checkSSEOptions,
  responseHeaders,
  type SSEResponseInit,
  type SSEStreamOptions,
} from './web-stream-options.js';

/**
 * A model stream or an agent run as server-sent events, encoded: `event: <type>\ndata: <json>\n\n`
 * per event, the body of an SSE response (`toSSEResponse` wraps it in one).
 *
 * - A model stream sends its events (`start`, `reasoning`, `content`, `refusal`, `tool_call_delta`,
 *   `metadata`, `usage`), one `tool_call` per whole call, then `finish`.
 * - An agent run sends its events (`iteration_start`, `reasoning`, `content`, `tool_call`,
 *   `tool_progress`, `tool_result`, …), then `usage` (the run's total) and `final_answer`.
 * - A failure is an `error` event (`{ type, code, message }`), the last; then the stream closes.
 * - Cancelling it (the client disconnected) cancels the model call or aborts the run.
 *
 * @param stream - A `ChatStream` (`client.streamMessage`) or an agent stream (`agent.executeStream`).
 * @param options - The error events' message, a keep-alive interval.
 * @throws ValidationError naming `stream` or the option at fault.
 */
export function toSSEStream(
  stream: ChatStream | AgentStream<unknown>,
  options?: SSEStreamOptions,
): ReadableStream<Uint8Array> {
  checkStream(stream);
  return sseStream(stream, checkSSEOptions(options, 'options'));
}

/**
 * A model stream or an agent run as a server-sent-events `Response` (`toSSEStream` as its body,
 * `Content-Type: text/event-stream`, `Cache-Control: no-cache, no-transform`,
 * `X-Accel-Buffering: no`): return it from a Hono, Next.js or any fetch-style handler, or send it
 * from Node's `http` (or Express, Fastify) with `pipeResponse`.
 *
 * @param stream - A `ChatStream` or an agent stream.
 * @param init - The response's status and headers (added to, or replacing, the defaults), and the
 *   SSE options (`errorMessage`, `keepAliveMs`).
 * @throws ValidationError naming `stream` or the part of `init` at fault.
 */
export function toSSEResponse(
  stream: ChatStream | AgentStream<unknown>,
  init?: SSEResponseInit,
): Response {
  checkStream(stream);
  const options = checkSSEOptions(init, 'init');
  const checked = checkedResponseInit(init, responseHeaders(SSE_HEADERS, init, 'init'), 'init');
  return new Response(sseStream(stream, options), checked);
}

function sseStream(
  stream: ChatStream | AgentStream<unknown>,
  options: CheckedSSEOptions,
): ReadableStream<Uint8Array> {
  const chat = isChatStream(stream);
  const fallback = chat ? CHAT_ERROR_MESSAGE : AGENT_ERROR_MESSAGE;
  const custom = options.errorMessage;
  // A message function that throws or returns no string must not cost the client its error event.
  const errorMessage: ErrorMessage =
    custom === undefined
      ? () => fallback
      : (error) => {
          try {
            const message = custom(error);
            return typeof message === 'string' ? message : fallback;
          } catch {
            return fallback;
          }
        };
  const mapper = (
    chat ? chatSSEMapper(stream, errorMessage) : agentSSEMapper(stream, errorMessage)
  ) as StreamMapper<StreamEvent | AgentEvent<unknown>, Uint8Array>;
  return iteratorStream(stream as AsyncIterable<StreamEvent | AgentEvent<unknown>>, mapper, {
    ...(options.keepAliveMs === undefined
      ? {}
      : { keepAlive: { ms: options.keepAliveMs, chunk: keepAliveFrame } }),
  });
}
