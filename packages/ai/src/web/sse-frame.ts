const encoder = new TextEncoder();

/**
 * The headers of a server-sent-events response: the SSE media type, no caching and no transforming
 * on the way (`no-transform` also keeps compression middleware such as Express's `compression` from
 * buffering the stream), and `X-Accel-Buffering: no` so nginx passes each event on as it comes.
 */
export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
});

/** An SSE comment line, encoded: ignored by every SSE reader, it keeps an idle connection open. */
export function keepAliveFrame(): Uint8Array {
  return encoder.encode(': keep-alive\n\n');
}

/**
 * One server-sent event, encoded: `event: <name>\ndata: <json>\n\n`. `JSON.stringify` escapes every
 * line break, so the data is always one `data:` line.
 *
 * @param name - The event name (`content`, `finish`, `error`, …): one of aigo's event types.
 * @param data - The event's payload, sent as JSON.
 */
export function sseFrame(name: string, data: unknown): Uint8Array {
  return encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
}

/** Encodes text as UTF-8 (the text response's chunks). */
export function encodeText(text: string): Uint8Array {
  return encoder.encode(text);
}
