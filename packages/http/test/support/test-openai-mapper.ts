import type { ChatStreamController } from '@aigo/ai';
import { errorFromResponse } from '../../src/errors/error-from-response.js';
import { SSE_DONE, type StreamFrame } from '../../src/stream/stream-frame.js';

/**
 * A minimal OpenAI Chat Completions frame mapper, as an adapter would write one: start, content,
 * usage, finish; `[DONE]` closes; an error frame fails the stream. Test helper, not shipped.
 */
export function openAiChatMapper(provider = 'openai') {
  let started = false;
  return (frame: StreamFrame, controller: ChatStreamController): void => {
    if (frame.data === SSE_DONE) {
      controller.close();
      return;
    }
    const chunk = JSON.parse(frame.data) as {
      id?: string;
      model?: string;
      error?: unknown;
      choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
      usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | null;
    };
    if (frame.event === 'error' || chunk.error !== undefined) {
      controller.error(errorFromResponse({ provider, body: chunk }));
      return;
    }
    if (!started) {
      started = true;
      controller.enqueue({ type: 'start', id: chunk.id ?? '', model: chunk.model ?? '' });
    }
    const choice = chunk.choices?.[0];
    const text = choice?.delta?.content;
    if (text) controller.enqueue({ type: 'content', text });
    if (choice?.finish_reason) {
      controller.enqueue({
        type: 'finish',
        finishReason: choice.finish_reason === 'stop' ? 'stop' : 'other',
        rawFinishReason: choice.finish_reason,
      });
    }
    if (chunk.usage) {
      controller.enqueue({
        type: 'usage',
        usage: {
          promptTokens: chunk.usage.prompt_tokens,
          completionTokens: chunk.usage.completion_tokens,
          totalTokens: chunk.usage.total_tokens,
        },
      });
    }
  };
}

/** The byte offset just after the `count`-th blank line (`\n\n`) of an SSE text. */
export function offsetAfterEvents(sse: string, count: number): number {
  let offset = 0;
  for (let i = 0; i < count; i++) {
    const next = sse.indexOf('\n\n', offset);
    if (next < 0) throw new Error(`the stream has fewer than ${count} events`);
    offset = next + 2;
  }
  return Buffer.byteLength(sse.slice(0, offset), 'utf8');
}
