import type { StreamFrame } from '@aigo/http';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { describe, expect, it } from 'vitest';
import { AWS_EVENT_STREAM_TYPE, awsEventStreamDecoding } from './aws-event-stream.js';

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes).toString('utf8'),
  (text) => Buffer.from(text, 'utf8'),
);

function message(headers: Record<string, string>, body: unknown): Uint8Array {
  return codec.encode({
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, { type: 'string', value }]),
    ),
    body: Buffer.from(JSON.stringify(body), 'utf8'),
  });
}

const EVENTS = [
  message({ ':message-type': 'event', ':event-type': 'messageStart' }, { role: 'assistant' }),
  message(
    { ':message-type': 'event', ':event-type': 'contentBlockDelta' },
    { contentBlockIndex: 0, delta: { text: 'héllo ✓' } },
  ),
  message(
    { ':message-type': 'exception', ':exception-type': 'throttlingException' },
    { message: 'slow down' },
  ),
];

async function decode(chunks: readonly Uint8Array[]): Promise<StreamFrame[]> {
  const decoding = await awsEventStreamDecoding();
  const frames: StreamFrame[] = [];
  const decoder = decoding.decoder((frame) => frames.push(frame), { provider: 'bedrock' });
  for (const chunk of chunks) decoder.push(chunk);
  decoder.end();
  return frames;
}

describe('awsEventStreamDecoding', () => {
  it('asks for the event-stream media type', async () => {
    expect((await awsEventStreamDecoding()).accept).toBe(AWS_EVENT_STREAM_TYPE);
  });

  it('turns events and exceptions into frames, whatever the chunk boundaries', async () => {
    const whole = Buffer.concat(EVENTS);
    const expected = [
      { event: 'messageStart', data: '{"role":"assistant"}' },
      { event: 'contentBlockDelta', data: '{"contentBlockIndex":0,"delta":{"text":"héllo ✓"}}' },
      { event: 'exception', data: '{"message":"slow down","__type":"throttlingException"}' },
    ];
    expect(await decode([whole])).toEqual(expected);
    for (let size = 1; size < 40; size += 3) {
      const chunks: Uint8Array[] = [];
      for (let at = 0; at < whole.length; at += size) chunks.push(whole.subarray(at, at + size));
      expect(await decode(chunks)).toEqual(expected);
    }
  });

  it('fails on a bad checksum and on bytes left after the last message', async () => {
    const broken = Buffer.from(EVENTS[0] as Uint8Array);
    broken[broken.length - 1] = (broken.at(-1) ?? 0) ^ 1;
    await expect(decode([broken])).rejects.toMatchObject({ code: 'stream_error' });
    await expect(decode([(EVENTS[0] as Uint8Array).subarray(0, 10)])).rejects.toThrow(
      /10 bytes after the last whole message/,
    );
  });
});
