import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { fixtureRoute } from './fixture-route.js';
import { loadFixture, loadFixtureBytes } from './fixtures.js';
import { startRecordedServer } from './recorded-server.js';

describe('fixtureRoute', () => {
  it('uses NAME.headers.json for the status and headers, minus framing headers', () => {
    const route = fixtureRoute({
      path: '/v1/chat/completions',
      fixture: 'openai-chat/error-401-invalid-api-key.json',
    });
    expect(route.status).toBe(401);
    expect(route.method).toBe('POST');
    expect(route.headers?.['Content-Type']).toBe('application/json; charset=utf-8');
    expect(route.headers?.['x-request-id']).toBe('55f4f12fef392b7fbc0c647e97a8e6b2');
    // Recorded as 276 bytes; replaying it would be wrong whenever the body was re-serialised.
    expect(Object.keys(route.headers ?? {}).map((name) => name.toLowerCase())).not.toContain(
      'content-length',
    );
    expect(Buffer.from(route.body as Uint8Array).toString('utf8')).toBe(
      loadFixture('openai-chat/error-401-invalid-api-key.json'),
    );
  });

  it('drops a recorded content-encoding (the stored body is not compressed)', () => {
    const route = fixtureRoute({ path: '/x', fixture: 'openai-chat/tool-call.json' });
    const names = Object.keys(route.headers ?? {}).map((name) => name.toLowerCase());
    expect(names).not.toContain('content-encoding');
    expect(names).not.toContain('transfer-encoding');
    expect(names).toContain('x-request-id');
  });

  it('joins multi-valued recorded headers and lets overrides win whatever their case', () => {
    const route = fixtureRoute({
      path: '/x',
      fixture: 'gemini/error-429-resource-exhausted.json',
      headers: { 'retry-after': '3', 'content-type': 'application/json' },
      status: 503,
      times: 2,
      fault: { kind: 'drip' },
    });
    expect(route.status).toBe(503);
    expect(route.times).toBe(2);
    expect(route.fault).toEqual({ kind: 'drip' });
    expect(route.headers?.Vary).toBe('Origin, X-Origin, Referer');
    expect(route.headers?.['retry-after']).toBe('3');
    expect(route.headers?.['content-type']).toBe('application/json');
    expect(route.headers?.['Content-Type']).toBeUndefined();
  });

  it('serves .sse fixtures as SSE bytes and needs no headers file', async () => {
    const route = fixtureRoute({ path: '/s', fixture: 'openai-chat/stream-tool-call.sse' });
    expect(route.status).toBeUndefined();
    const server = await startRecordedServer([route]);
    try {
      const response = await fetch(`${server.url}/s`, { method: 'POST' });
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(
        Buffer.from(loadFixtureBytes('openai-chat/stream-tool-call.sse')),
      );
    } finally {
      await server.close();
    }
  });

  it('turns .chunks.jsonl into SSE, with [DONE] only for OpenAI chat unless told', () => {
    const responses = fixtureRoute({
      path: '/r',
      fixture: 'openai-responses/stream-error-insufficient-quota.chunks.jsonl',
    });
    expect(String(responses.sse)).toMatch(/^data: \{"type":"response.created"/);
    expect(String(responses.sse)).not.toContain('[DONE]');
    const forced = fixtureRoute({
      path: '/r',
      fixture: 'openai-responses/stream-error-insufficient-quota.chunks.jsonl',
      done: true,
    });
    expect(String(forced.sse).endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('takes an absolute path to a recording of your own, with its headers file', () => {
    const folder = mkdtempSync(join(tmpdir(), 'aigo-testing-'));
    writeFileSync(join(folder, 'mine.json'), '{"ok":true}');
    writeFileSync(
      join(folder, 'mine.headers.json'),
      JSON.stringify({ status: { code: 202 }, headers: { 'X-Mine': ['1'] } }),
    );
    const route = fixtureRoute({ path: '/m', method: 'PUT', fixture: join(folder, 'mine.json') });
    expect(route).toMatchObject({ status: 202, method: 'PUT', headers: { 'X-Mine': '1' } });
  });

  it('rejects a missing fixture and a missing name', () => {
    expect(() => fixtureRoute({ path: '/', fixture: 'openai-chat/nope.json' })).toThrow(
      ValidationError,
    );
    expect(() => fixtureRoute({ path: '/', fixture: '' })).toThrow(/options.fixture/);
    expect(() => fixtureRoute({ path: 42 as never, fixture: 'openai-chat/text.json' })).toThrow(
      /options.path/,
    );
  });
});
