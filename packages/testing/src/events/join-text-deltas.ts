import { type StreamEvent, ValidationError } from '@aigo/ai';

/**
 * `events` with every run of back-to-back text deltas of one kind (`content`, `reasoning`,
 * `refusal`) joined into one event: the form a `ChatStream` reader sees when it falls behind. Tests
 * that compare the events read from a real HTTP stream compare `joinTextDeltas(read)` with
 * `joinTextDeltas(expected)`, which does not depend on how the bytes happened to arrive.
 */
export function joinTextDeltas(events: readonly StreamEvent[]): StreamEvent[] {
  if (!Array.isArray(events)) {
    throw new ValidationError('events', 'must be an array of stream events');
  }
  const joined: StreamEvent[] = [];
  for (const event of events) {
    const last = joined.at(-1);
    if (
      last !== undefined &&
      last.type === event.type &&
      (event.type === 'content' || event.type === 'reasoning' || event.type === 'refusal')
    ) {
      joined[joined.length - 1] = {
        type: event.type,
        text: (last as { text: string }).text + event.text,
      };
    } else {
      joined.push(event);
    }
  }
  return joined;
}
