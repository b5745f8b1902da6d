import { ProviderError, ValidationError } from '@aigo/ai';
import { loadFixture } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createSseDecoder, type SseDecoderOptions } from './sse-decoder.js';
import type { StreamFrame } from './stream-frame.js';

const encoder = new TextEncoder();

function decode(chunks: readonly Uint8Array[], options?: SseDecoderOptions): StreamFrame[] {
  const frames: StreamFrame[] = [];
  const decoder = createSseDecoder((frame) => frames.push(frame), options);
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return frames;
}

function decodeText(text: string): StreamFrame[] {
  return decode([encoder.encode(text)]);
}

describe('createSseDecoder: framing', () => {
  it('reads the recorded Gemini stream (CRLF framing) as JSON frames', () => {
    const frames = decodeText(loadFixture('gemini/stream-text.sse'));
    expect(frames.length).toBeGreaterThan(1);
    for (const frame of frames) expect(() => JSON.parse(frame.data)).not.toThrow();
  });

  it('passes data: [DONE] through as a frame', () => {
    const frames = decodeText(loadFixture('openai-chat/stream-text-with-usage.sse'));
    expect(frames.at(-1)?.data).toBe('[DONE]');
  });

  it('skips comment lines and reports them to onComment', () => {
    const comments: string[] = [];
    const frames: StreamFrame[] = [];
    const decoder = createSseDecoder((frame) => frames.push(frame), {
      onComment: (comment) => comments.push(comment),
    });
    decoder.push(
      encoder.encode(loadFixture('openai-chat/compat-openrouter-stream-error-midstream.sse')),
    );
    decoder.end();
    expect(comments).toContain('OPENROUTER PROCESSING');
    for (const frame of frames) expect(frame.data).not.toContain('OPENROUTER');
    // The last chunk carries OpenRouter's top-level error object.
    expect(frames.some((frame) => frame.data.includes('"error"'))).toBe(true);
  });

  it('keeps event names: the recorded Groq `event: error` frame', () => {
    const frames = decodeText(loadFixture('openai-chat/compat-groq-stream-error-event.sse'));
    const errorFrame = frames.find((frame) => frame.event === 'error');
    expect(errorFrame).toBeDefined();
    expect(JSON.parse(errorFrame?.data ?? '')).toHaveProperty('error');
    expect(frames.filter((frame) => frame.event === undefined).length).toBeGreaterThan(0);
  });

  it('keeps Responses API event names', () => {
    const frames = decodeText(loadFixture('openai-responses/stream-text.sse'));
    expect(frames[0]?.event).toBe('response.created');
    expect(frames.at(-1)?.event).toBe('response.completed');
  });

  it('joins multi-line data with \\n and handles \\n, \\r\\n and \\r line ends', () => {
    expect(decodeText('data: a\ndata: b\n\n').map((f) => f.data)).toEqual(['a\nb']);
    expect(decodeText('data: a\r\ndata: b\r\n\r\n').map((f) => f.data)).toEqual(['a\nb']);
    expect(decodeText('data: a\rdata: b\r\r').map((f) => f.data)).toEqual(['a\nb']);
    expect(decodeText('data:no-space\n\n').map((f) => f.data)).toEqual(['no-space']);
    expect(decodeText('data:  two spaces\n\n').map((f) => f.data)).toEqual([' two spaces']);
  });

  it('delivers a last event that the body ended without a blank line after', () => {
    expect(decodeText('data: one\n\ndata: two').map((f) => f.data)).toEqual(['one', 'two']);
    expect(decodeText('data: one\n\ndata: two\n').map((f) => f.data)).toEqual(['one', 'two']);
    expect(decodeText('data: one\n\ndata: two\r').map((f) => f.data)).toEqual(['one', 'two']);
    expect(decodeText('event: x\ndata: a\ndata: b').map((f) => [f.event, f.data])).toEqual([
      ['x', 'a\nb'],
    ]);
    // Nothing pending: nothing extra.
    expect(decodeText('data: one\n\n').map((f) => f.data)).toEqual(['one']);
    expect(decodeText('')).toEqual([]);
  });

  it('ignores malformed lines (unknown fields, bad retry, a lone field name) and keeps going', () => {
    const text =
      'garbage line\nfoo: bar\nretry: soon\ndata: kept\n\n{"not":"sse"}\n\ndata: also kept\n\n';
    expect(decodeText(text).map((f) => f.data)).toEqual(['kept', 'also kept']);
  });

  it('treats a body that is not SSE at all as no frames', () => {
    expect(decodeText('<html><body>Bad gateway</body></html>')).toEqual([]);
    expect(decodeText('{"error":{"message":"nope"}}')).toEqual([]);
  });

  it('drops a UTF-8 byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('data: x\n\n')]);
    expect(decode([bytes]).map((f) => f.data)).toEqual(['x']);
    expect(decode([bytes.subarray(0, 2), bytes.subarray(2)]).map((f) => f.data)).toEqual(['x']);
  });

  it('replaces invalid UTF-8 with U+FFFD instead of failing', () => {
    const bytes = new Uint8Array([...encoder.encode('data: a'), 0xff, ...encoder.encode('b\n\n')]);
    expect(decode([bytes]).map((f) => f.data)).toEqual(['a\uFFFDb']);
  });

  it('fails with a stream_error ProviderError when one event exceeds maxEventChars', () => {
    const decoder = createSseDecoder(() => undefined, { maxEventChars: 16, provider: 'openai' });
    let caught: unknown;
    try {
      decoder.push(encoder.encode(`data: ${'x'.repeat(40)}`));
    } catch (error) {
      caught = error;
    }
    expect(ProviderError.isInstance(caught)).toBe(true);
    expect(caught).toMatchObject({ code: 'stream_error', provider: 'openai', retryable: false });
    // And stays failed.
    expect(() => decoder.push(encoder.encode('data: y\n\n'))).toThrow(/longer than 16/);
  });

  it('propagates an exception thrown by onFrame', () => {
    const decoder = createSseDecoder(() => {
      throw new Error('mapper failed');
    });
    expect(() => decoder.push(encoder.encode('data: x\n\n'))).toThrow('mapper failed');
  });

  it('validates its arguments', () => {
    expect(() => createSseDecoder(undefined as never)).toThrow(ValidationError);
    expect(() => createSseDecoder(() => undefined, null as never)).toThrow(/options/);
    expect(() => createSseDecoder(() => undefined, { maxEventChars: 0 })).toThrow(/maxEventChars/);
    expect(() => createSseDecoder(() => undefined, { onComment: 'x' as never })).toThrow(
      /onComment/,
    );
  });
});
