import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { openEnvironment, REPLAY_API_KEY, upstreamName } from './eval-environment.js';

describe('openEnvironment', () => {
  it('live: the upstream itself, the key from its variable when set, the tools unchanged', async () => {
    const { environment, latency } = await openEnvironment('live', undefined);
    expect(environment.mode).toBe('live');
    expect(environment.endpoint('https://api.openai.com/v1')).toEqual({
      baseURL: 'https://api.openai.com/v1',
    });
    expect(
      environment.endpoint('https://api.openai.com/v1', {
        apiKeyVariable: 'AIGO_EVALS_TEST_UNSET',
      }),
    ).toEqual({
      baseURL: 'https://api.openai.com/v1',
    });
    const tools = [] as const;
    expect(environment.tools(tools)).toBe(tools);
    expect(latency('r', 12.5)).toBe(12.5);
    expect(() => environment.endpoint('not a url')).toThrow(ValidationError);
    expect(() => environment.endpoint('https://x', { key: 'K' } as never)).toThrow(/options\.key/);
    expect(() => environment.endpoint('https://x', { apiKeyVariable: 'a b' })).toThrow(
      /apiKeyVariable/,
    );
  });

  it('replay: the local replay server and a placeholder key; record: run times kept and saved', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'aigo-environment-'));
    try {
      const replay = await openEnvironment('replay', folder);
      const endpoint = replay.environment.endpoint('https://api.openai.com/v1', {
        apiKeyVariable: 'PATH',
      });
      expect(endpoint.apiKey).toBe(REPLAY_API_KEY);
      expect(endpoint.baseURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\.openai\.com-v1$/);
      expect(
        replay.environment.endpoint('http://127.0.0.1:1234/v1', { name: 'stand-in' }).baseURL,
      ).toMatch(/\/stand-in$/);
      await replay.close();

      const record = await openEnvironment('record', folder);
      expect(record.latency('run/1', 40)).toBe(40);
      expect(record.latency('run/1', 99)).toBe(40);
      await record.close();
      const timings = JSON.parse(await readFile(join(folder, 'timings.json'), 'utf8'));
      expect(timings).toEqual({ format: 'aigo.eval-timings', version: 1, runs: { 'run/1': 40 } });
      const again = await openEnvironment('replay', folder);
      expect(again.latency('run/1', 1)).toBe(40);
      expect(again.misses()).toEqual({ models: 0, tools: 0 });
      await again.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('names upstreams by host name and path, not port', () => {
    expect(upstreamName(new URL('https://api.openai.com/v1'))).toBe('api.openai.com-v1');
    expect(upstreamName(new URL('http://127.0.0.1:8080/v1/'))).toBe('127.0.0.1-v1');
  });
});
