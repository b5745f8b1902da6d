// The README's examples, run as they are written there (imports adjusted to the source tree; what
// they print is asserted).
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogObserver } from '../src/index.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('README examples', () => {
  it('the opening example logs the chat span and its metrics to stdout', async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });

    const observer = createLogObserver({ format: 'compact', level: 'debug', env: {} });
    const client = createClient(createFakeProvider().text('Paris.'), {
      defaultModel: 'test-model',
      observer,
      env: {},
    });
    await client.sendMessage('What is the capital of France?');

    vi.restoreAllMocks();
    expect(written.map((line) => line.slice(20, 45))).toEqual([
      'DEBUG Span started → {"sp',
      'DEBUG Span ended → {"span',
      'DEBUG Histogram → {"metri',
      'DEBUG Histogram → {"metri',
      'DEBUG Histogram → {"metri',
    ]);
    expect(written[1]).toContain(
      '"gen_ai.response.finish_reasons":["stop"],"gen_ai.response.id":"fake-1","gen_ai.usage.input_tokens":8,"gen_ai.usage.output_tokens":2,"status":"ok"}',
    );
    expect(written[4]).toContain('"value":2,"unit":"{token}"');
  });

  it('options: json at debug into a function', () => {
    const lines: string[] = [];
    const observer = createLogObserver({
      format: 'json',
      level: 'debug',
      output: (line) => lines.push(line),
      clock: () => Date.UTC(2026, 0, 2, 3, 4, 5),
    });
    observer.info('Run finished', { answer: 'It is 4.' });
    expect(lines).toEqual([
      '{"time":"2026-01-02T03:04:05.000Z","level":"INFO","msg":"Run finished","answer":"It is 4."}\n',
    ]);
  });

  it('the three formats of one line', () => {
    const at = (format: 'compact' | 'pretty' | 'json', time: number) => {
      const lines: string[] = [];
      createLogObserver({
        format,
        output: (line) => lines.push(line),
        clock: () => time,
        env: {},
      }).info('Run finished', { answer: 'It is 4.' });
      return lines.join('');
    };
    const local = new Date(2026, 0, 2, 3, 4, 5).getTime();
    expect(at('compact', local)).toBe(
      '2026-01-02 03:04:05  INFO Run finished → {"answer":"It is 4."}\n',
    );
    expect(at('pretty', local)).toBe(
      `2026-01-02 03:04:05 🟢 INFO   Run finished\n${' '.repeat(19)}└─ answer: It is 4.\n`,
    );
    expect(at('json', Date.UTC(2026, 0, 2, 3, 4, 5))).toBe(
      '{"time":"2026-01-02T03:04:05.000Z","level":"INFO","msg":"Run finished","answer":"It is 4."}\n',
    );
  });

  it('secrets', () => {
    const lines: string[] = [];
    const observer = createLogObserver({
      format: 'compact',
      output: (line) => lines.push(line),
      env: {},
    });
    observer.warn(
      'retrying https://example.test/v1/models?key=AIzaSyQ0123456789abcdefghijklmnopqrstuv',
      {
        authorization: 'Bearer sk-proj-Zk8q2Lw0xYb7Nc4VtR1mHs6D',
      },
    );
    expect(lines[0]?.slice(20)).toBe(
      ' WARN retrying https://example.test/v1/models?key=[REDACTED] → {"authorization":"[REDACTED]"}\n',
    );
  });
});
