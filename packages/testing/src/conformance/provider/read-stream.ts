import type { StreamEvent } from '@aigo/ai';

/** Every event of `stream`, and the error it ended with (`undefined` when it ended cleanly). */
export async function drain(
  stream: AsyncIterable<StreamEvent>,
): Promise<{ events: StreamEvent[]; error: unknown }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
    return { events, error: undefined };
  } catch (error) {
    return { events, error };
  }
}

/** Reads `stream` to its end; rejects with the error it ended with. */
export async function readToEnd(stream: AsyncIterable<StreamEvent>): Promise<void> {
  const { error } = await drain(stream);
  if (error !== undefined) throw error;
}
