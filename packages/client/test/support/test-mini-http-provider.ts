// Test helper (not built): the smallest real HTTP provider, on @aigo/http. Its wire format is ours:
// each SSE event's data is one JSON-encoded StreamEvent, and `[DONE]` ends the stream.
import type { ChatResponse, StreamEvent, StreamProvider } from '@aigo/ai';
import { createHttpClient, SSE_DONE } from '@aigo/http';

export interface MiniHttpProvider extends StreamProvider {
  close(): Promise<void>;
}

export function miniHttpProvider(baseUrl: string): MiniHttpProvider {
  const http = createHttpClient({ provider: 'mini' });
  return {
    id: 'mini',
    async sendMessage(request, options) {
      const { data } = await http.postJson<ChatResponse>(
        `${baseUrl}/chat`,
        { model: request.model },
        options,
      );
      return data;
    },
    async streamMessage(request, options) {
      const response = await http.postSse(
        `${baseUrl}/chat`,
        { model: request.model, stream: true },
        options,
      );
      return response.toChatStream((frame, controller) => {
        if (frame.data === SSE_DONE) controller.close();
        else controller.enqueue(JSON.parse(frame.data) as StreamEvent);
      });
    },
    close: () => http.close(),
  };
}

/** The SSE body of `events` in the mini wire format, and the byte length of its first frame. */
export function miniSse(events: readonly StreamEvent[]): { body: string; firstFrameBytes: number } {
  const frames = events.map((event) => `data: ${JSON.stringify(event)}\n\n`);
  frames.push(`data: ${SSE_DONE}\n\n`);
  return {
    body: frames.join(''),
    firstFrameBytes: Buffer.byteLength(frames[0] ?? ''),
  };
}
