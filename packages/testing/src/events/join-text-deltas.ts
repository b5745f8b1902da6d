import { type StreamEvent, ValidationError } from '@aigo/ai';

type TextEvent = Extract<StreamEvent, { text: string }>;

const isText = (event: StreamEvent): event is TextEvent =>
  event.type === 'content' || event.type === 'reasoning' || event.type === 'refusal';

/**
 * `events` in the form a `ChatStream` reader that fell behind sees them: every run of back-to-back
 * text deltas of one kind (`content`, `reasoning`, `refusal`) joined into one event, and the `usage`
 * events interleaved with such a run reduced to the latest, right after the joined text. Tests that
 * compare the events read from a real HTTP stream compare `joinTextDeltas(read)` with
 * `joinTextDeltas(expected)`, which does not depend on how the bytes happened to arrive.
 */
export function joinTextDeltas(events: readonly StreamEvent[]): StreamEvent[] {
  if (!Array.isArray(events)) {
    throw new ValidationError('events', 'must be an array of stream events');
  }
  const joined: StreamEvent[] = [];
  let heldUsage: StreamEvent | undefined;
  for (const event of events) {
    const last = joined.at(-1);
    if (last !== undefined && isText(last)) {
      if (event.type === 'usage') {
        heldUsage = event;
        continue;
      }
      if (isText(event) && event.type === last.type) {
        joined[joined.length - 1] = { type: event.type, text: last.text + event.text };
        continue;
      }
    }
    if (heldUsage !== undefined) joined.push(heldUsage);
    heldUsage = undefined;
    joined.push(event);
  }
  if (heldUsage !== undefined) joined.push(heldUsage);
  return joined;
}
