import type { StreamEvent } from './stream-event.js';

/** A text delta a `ChatStream` made by joining several, mutable until it is read. */
export type TextDelta = { type: 'content' | 'reasoning' | 'refusal'; text: string };

/**
 * Whether an event is a text delta (`content`, `reasoning` or `refusal`): the kinds a reader that
 * falls behind gets joined.
 */
export function isTextDelta(event: StreamEvent): event is Extract<StreamEvent, { text: string }> {
  return event.type === 'content' || event.type === 'reasoning' || event.type === 'refusal';
}
