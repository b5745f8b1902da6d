/**
 * Test helpers (not built): hand-written third-party providers that break the `@aigo/ai`
 * contracts, the way a provider written outside this repository might.
 */
import {
  type ChatResponse,
  ChatStream,
  type ChatStreamController,
  type Provider,
  type StreamEvent,
  type StreamProvider,
} from '@aigo/ai';

/** A well-formed answer to break one field of. */
export const GOOD_RESPONSE: ChatResponse = Object.freeze({
  id: 'r1',
  model: 'acme-1',
  content: 'Hello',
  toolCalls: [],
  finishReason: 'stop',
  usage: { promptTokens: 3, completionTokens: 1, totalTokens: 4 },
});

/** A provider whose `sendMessage()` resolves to `response`, whatever it is; counts its calls. */
export function badSendProvider(response: unknown): Provider & { calls: number } {
  return {
    id: 'acme',
    calls: 0,
    async sendMessage() {
      this.calls++;
      return response as ChatResponse;
    },
  };
}

/** How a scripted stream's source behaved. */
export interface SourceLog {
  /** Events handed to the stream. */
  delivered: number;
  cancelled: boolean;
}

/**
 * A provider whose `streamMessage()` returns a `ChatStream` over `events`, whatever they are. Its
 * source works like an adapter reading a body: it hands out events while the stream wants more
 * (`highWaterMark`, default 1: one at a time as the consumer reads, so the events after the first
 * arrive once the caller holds the stream) and stops when cancelled.
 */
export function badStreamProvider(
  events: readonly unknown[],
  highWaterMark = 1,
): StreamProvider & { readonly log: SourceLog } {
  const log: SourceLog = { delivered: 0, cancelled: false };
  return {
    id: 'acme',
    log,
    sendMessage: async () => GOOD_RESPONSE,
    async streamMessage() {
      let controller: ChatStreamController | undefined;
      let done = false;
      const pump = () => {
        while (!done && controller !== undefined && controller.desiredSize > 0) {
          if (log.delivered === events.length) {
            done = true;
            controller.close();
            return;
          }
          controller.enqueue(events[log.delivered++] as StreamEvent);
        }
      };
      return new ChatStream(
        {
          start(streamController) {
            controller = streamController;
            pump();
          },
          pull: pump,
          cancel() {
            done = true;
            log.cancelled = true;
          },
        },
        { provider: 'acme', highWaterMark },
      );
    },
  };
}

/** `events` between a `start` event and a `finish` event, as a stream has them. */
export function framed(...events: unknown[]): unknown[] {
  return [
    { type: 'start', id: 'r1', model: 'acme-1' },
    ...events,
    { type: 'finish', finishReason: 'stop' },
  ];
}
