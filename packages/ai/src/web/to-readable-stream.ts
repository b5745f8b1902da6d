import type { AgentStream } from '../agent/agent.js';
import type { AgentEvent } from '../agent/agent-event.js';
import type { ChatStream } from '../stream/chat-stream.js';
import type { StreamEvent } from '../stream/stream-event.js';
import { iteratorStream } from './iterator-stream.js';
import { eventMapper } from './readable-mappers.js';
import { checkStream } from './stream-kind.js';

/**
 * A model stream as a web `ReadableStream` of its events (the same objects the `for await` loop
 * gets). A failure errors the web stream with the `AigoError` the loop would throw. Cancelling the
 * web stream cancels the model call. The stream is consumed: do not iterate it as well.
 *
 * @param stream - What `client.streamMessage` or `provider.streamMessage` resolved to.
 * @throws ValidationError naming `stream` when it is not a stream; `AigoError` (`unsupported`) when it
 *   is already being read.
 */
export function toReadableStream(stream: ChatStream): ReadableStream<StreamEvent>;
/**
 * An agent run as a web `ReadableStream` of its events (`iteration_start`, `content`, `tool_call`,
 * `tool_result`, …, then `final_answer` or `error`: errors are events, as in the `for await` loop).
 * Cancelling the web stream aborts the run (the model call and the running tools).
 *
 * @param stream - What `agent.executeStream` (or `resumeStream`) returned.
 */
export function toReadableStream<T>(stream: AgentStream<T>): ReadableStream<AgentEvent<T>>;
export function toReadableStream(
  stream: ChatStream | AgentStream<unknown>,
): ReadableStream<StreamEvent | AgentEvent<unknown>> {
  checkStream(stream);
  return iteratorStream<StreamEvent | AgentEvent<unknown>, StreamEvent | AgentEvent<unknown>>(
    stream as AsyncIterable<StreamEvent | AgentEvent<unknown>>,
    eventMapper(),
  );
}
