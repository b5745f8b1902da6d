import { ChatStream, type StreamEvent, type StreamProvider } from '@aigo/ai';

/**
 * A scripted model that types: its answers stream a few characters at a time, one piece per turn of
 * the event loop, the way a real model's arrive over the network — so a reader sees them grow. (The
 * scripted model alone hands a stream's events over as fast as they are asked for.)
 */
export function typingModel(model: StreamProvider, charactersPerPiece = 6): StreamProvider {
  return {
    id: model.id,
    sendMessage: (request, options) => model.sendMessage(request, options),
    async streamMessage(request, options) {
      const events: StreamEvent[] = [];
      for await (const event of await model.streamMessage(request, options)) {
        if (event.type !== 'content') {
          events.push(event);
          continue;
        }
        for (let at = 0; at < event.text.length; at += charactersPerPiece) {
          events.push({ type: 'content', text: event.text.slice(at, at + charactersPerPiece) });
        }
      }
      let stopped = false;
      return new ChatStream({
        start(controller) {
          const next = (index: number): void => {
            if (stopped) return;
            const event = events[index];
            if (event === undefined) {
              controller.close();
              return;
            }
            controller.enqueue(event);
            setImmediate(next, index + 1);
          };
          setImmediate(next, 0);
        },
        cancel() {
          stopped = true;
        },
      });
    },
    close: () => model.close?.() ?? Promise.resolve(),
  };
}
