/**
 * One message of a streamed body: an SSE event (`event:` name, joined `data:` lines, `id:`), or one
 * element of a JSON-array stream (its JSON text in `data`). `event` and `id` are undefined when the
 * server did not send them.
 */
export interface StreamFrame {
  readonly event?: string | undefined;
  readonly data: string;
  readonly id?: string | undefined;
}

/**
 * The `data` of OpenAI's end-of-stream frame (`data: [DONE]`). Frames are passed through as they
 * come; an adapter compares `frame.data === SSE_DONE` and decides what it means.
 */
export const SSE_DONE = '[DONE]';

/** True for OpenAI's `data: [DONE]` terminator frame. */
export function isDoneFrame(frame: StreamFrame): boolean {
  return frame.data === SSE_DONE;
}
