// Sources for the web-stream tests: a ChatStream whose source the test drives (and which records
// its cancellation), and an agent stream written against the AgentStream contract, as a
// third-party agent would write one.
import type { AgentResult, AgentStream } from '../../src/agent/agent.js';
import type { AgentEvent } from '../../src/agent/agent-event.js';
import type { Usage } from '../../src/chat/usage.js';
import type { CostSummary } from '../../src/cost/cost.js';
import { ChatStream } from '../../src/stream/chat-stream.js';
import type { ChatStreamController } from '../../src/stream/chat-stream-source.js';

/** A ChatStream whose events the test sends; `cancelled` resolves with the reason of a cancel. */
export function drivenChatStream(options: { highWaterMark?: number } = {}) {
  let controller!: ChatStreamController;
  let onCancel!: (reason: unknown) => void;
  const cancelled = new Promise<unknown>((resolve) => {
    onCancel = resolve;
  });
  const stream = new ChatStream(
    {
      start(c) {
        controller = c;
      },
      cancel(reason) {
        onCancel(reason);
      },
    },
    { provider: 'driven', highWaterMark: options.highWaterMark ?? 64 },
  );
  return { stream, controller, cancelled };
}

function noPrices(): CostSummary {
  throw new Error('this scripted run has no prices');
}

/**
 * An agent stream replaying `events`; `collect()` resolves with `totalUsage` when the events end in
 * `final_answer` and rejects with the `error` event's error otherwise. `stopped` resolves when the
 * consumer ended the iteration early (the run's cleanup ran).
 */
export function scriptedAgentStream<T>(
  events: readonly AgentEvent<T>[],
  totalUsage: Usage,
  options: { hangAfter?: boolean } = {},
) {
  let onStop!: () => void;
  const stopped = new Promise<void>((resolve) => {
    onStop = resolve;
  });
  let release!: () => void;
  const hang = new Promise<void>((resolve) => {
    release = resolve;
  });
  async function* run(): AsyncGenerator<AgentEvent<T>> {
    let completed = false;
    try {
      for (const event of events) yield event;
      if (options.hangAfter === true) await hang;
      completed = true;
    } finally {
      if (!completed) onStop();
    }
  }
  const last = events.at(-1);
  const stream: AgentStream<T> = {
    [Symbol.asyncIterator]: () => run(),
    collect(): Promise<AgentResult<T>> {
      if (last?.type === 'final_answer') {
        return Promise.resolve({ data: last.result, totalUsage, costSummary: noPrices });
      }
      if (last?.type === 'error') return Promise.reject(last.error);
      return Promise.reject(new Error('the run did not finish'));
    },
  };
  return { stream, stopped, release };
}

/** Everything a byte stream carries, as text. */
export function readText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/** Every chunk of a stream. */
export async function readAll<C>(stream: ReadableStream<C>): Promise<C[]> {
  const chunks: C[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}
