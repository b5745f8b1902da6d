import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import {
  fixturePath,
  fixturesDirectory,
  loadFixture,
  loadFixtureBytes,
  loadFixtureJson,
} from './fixtures.js';
import { sseFromChunksJsonl } from './sse-from-chunks.js';

describe('fixture helpers', () => {
  it('locate the fixtures shipped in the package', () => {
    expect(isAbsolute(fixturesDirectory)).toBe(true);
    for (const folder of ['openai-chat', 'openai-responses', 'gemini']) {
      expect(existsSync(join(fixturesDirectory, folder, 'README.md'))).toBe(true);
    }
    const path = fixturePath('openai-chat/stream-tool-call.sse');
    expect(path).toBe(join(fixturesDirectory, 'openai-chat', 'stream-tool-call.sse'));
    expect(existsSync(path)).toBe(true);
  });

  it('load text byte for byte, bytes, and parsed JSON', () => {
    const sse = loadFixture('gemini/stream-text.sse');
    expect(sse).toContain('\r\n\r\n');
    expect(Buffer.from(loadFixtureBytes('gemini/stream-text.sse')).toString('utf8')).toBe(sse);
    const json = loadFixtureJson<{ choices: unknown[] }>('openai-chat/text-gpt-4o-mini.json');
    expect(json.choices).toHaveLength(1);
  });

  it.each(['', '../package.json', 'openai-chat/../../src/index.ts', '/etc/passwd', '..'])(
    'reject %j with a ValidationError',
    (relative) => {
      expect(() => fixturePath(relative)).toThrow(ValidationError);
    },
  );

  it('reject a fixture that is not JSON when JSON is asked for', () => {
    expect(() => loadFixtureJson('openai-chat/stream-tool-call.sse')).toThrow(/not valid JSON/);
  });
});

describe('sseFromChunksJsonl', () => {
  it('writes each line as a data event, optionally ending with [DONE]', () => {
    const text = '{"a":1}\n{"b":2}\n';
    expect(sseFromChunksJsonl(text)).toBe('data: {"a":1}\n\ndata: {"b":2}\n\n');
    expect(sseFromChunksJsonl(text, { done: true })).toBe(
      'data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n',
    );
  });

  it('handles CRLF, blank lines and a last line without a newline', () => {
    expect(sseFromChunksJsonl('{"a":1}\r\n\r\n{"b":2}')).toBe('data: {"a":1}\n\ndata: {"b":2}\n\n');
  });

  it('turns a recorded Gemini chunks file into one event per line', () => {
    const text = loadFixture('gemini/stream-vertex-partial-function-args.chunks.jsonl');
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    const sse = sseFromChunksJsonl(text);
    const events = sse.split('\n\n').filter((event) => event !== '');
    expect(events).toHaveLength(lines.length);
    expect(events.map((event) => JSON.parse(event.slice('data: '.length)))).toEqual(
      lines.map((line) => JSON.parse(line)),
    );
  });

  it('rejects a non-string', () => {
    expect(() => sseFromChunksJsonl(42 as unknown as string)).toThrow(ValidationError);
  });
});
