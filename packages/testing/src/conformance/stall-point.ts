/**
 * A byte offset inside an SSE body where a stalled server should stop: the end of the event nearest
 * the middle of the body, so the client has whole events to read and more are still to come. For a
 * body with a single event, the end of that event.
 */
export function sseStallPoint(body: string | Uint8Array): number {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  const ends: number[] = [];
  for (let index = 0; index < bytes.length; index++) {
    if (bytes[index] !== 0x0a) continue;
    // An event ends at "\n\n" or "\r\n\r\n" (checked at its last byte).
    if (bytes[index - 1] === 0x0a) ends.push(index + 1);
    else if (bytes[index - 1] === 0x0d && bytes[index - 2] === 0x0a && bytes[index - 3] === 0x0d)
      ends.push(index + 1);
  }
  const inside = ends.filter((end) => end < bytes.length);
  if (inside.length === 0) return ends[0] ?? bytes.length;
  const middle = bytes.length / 2;
  let best = inside[0] as number;
  for (const end of inside) if (Math.abs(end - middle) < Math.abs(best - middle)) best = end;
  return best;
}
