import type { ChatStream } from '@aigo/ai';

/**
 * Resolves to `stream` once its first event arrived (or it finished), and rejects with its error
 * when it failed before that: a fallback moves on from a stream only before its first event.
 */
export function firstEvent(stream: ChatStream): Promise<ChatStream> {
  // A source that enqueues synchronously in its `start` handed its first event over already.
  if (stream.started) return Promise.resolve(stream);
  return new Promise((resolve, reject) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      resolve(stream);
    };
    stream.addHooks({
      onEvent: start,
      onFinish: start,
      onError: (error) => {
        if (started) return;
        started = true;
        reject(error);
      },
    });
  });
}
