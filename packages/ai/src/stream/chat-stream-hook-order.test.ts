import { describe, expect, it } from 'vitest';
import { ProviderError } from '../errors/provider-error.js';
import { ChatStream } from './chat-stream.js';
import type { ChatStreamController } from './chat-stream-source.js';
import type { StreamEvent } from './stream-event.js';

/** A stream whose source the test drives, and the controller to drive it with. */
function driven(): {
  stream: ChatStream;
  controller: () => ChatStreamController;
  cancelled: () => boolean;
} {
  let controller: ChatStreamController | undefined;
  let cancelled = false;
  const stream = new ChatStream(
    {
      start(c) {
        controller = c;
      },
      cancel() {
        cancelled = true;
      },
    },
    { provider: 'acme' },
  );
  return {
    stream,
    controller: () => controller as ChatStreamController,
    cancelled: () => cancelled,
  };
}

/** A hook that rejects events whose text is not a string, as the client's contract check does. */
const rejectBadText = {
  onEvent(event: StreamEvent) {
    if (
      event === null ||
      typeof event !== 'object' ||
      (event.type === 'content' && typeof event.text !== 'string')
    ) {
      throw new ProviderError({
        code: 'invalid_response',
        message: 'bad event',
        provider: 'acme',
        retryable: false,
      });
    }
  },
};

describe('ChatStream: hooks see each event before it is added to the response', () => {
  it('an event a hook rejects fails the stream and is not part of partial', async () => {
    const { stream, controller, cancelled } = driven();
    stream.addHooks(rejectBadText);
    const collected = stream.collect();
    controller().enqueue({ type: 'content', text: 'Hel' });
    controller().enqueue({ type: 'content', text: 42 } as unknown as StreamEvent);
    const error = (await collected.catch((caught: unknown) => caught)) as ProviderError;
    expect(error.message).toBe('bad event');
    expect(error.partial?.content).toBe('Hel');
    expect(cancelled()).toBe(true);
  });

  it('an event that is not an object reaches the hooks instead of throwing at the source', async () => {
    const { stream, controller } = driven();
    stream.addHooks(rejectBadText);
    const collected = stream.collect();
    expect(() => controller().enqueue(null as unknown as StreamEvent)).not.toThrow();
    await expect(collected).rejects.toThrow('bad event');
  });
});
