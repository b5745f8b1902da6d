import { AigoError, ValidationError } from '@aigo/ai';
import { startRecordedServer } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createApiToolPost } from './api-tool-client.js';

const spec = {
  provider: 'demo',
  description: 'Demo',
  envVar: 'DEMO_API_KEY',
  defaultBaseUrl: 'https://api.demo.invalid',
  defaultTimeoutMs: 5_000,
  authHeaders: (key: string) => ({ 'x-api-key': key }),
};

describe('createApiToolPost', () => {
  it('posts JSON with the key header to the configured base URL, which alone may be private', async () => {
    const server = await startRecordedServer([{ path: '/v1/search', body: { results: [1] } }]);
    try {
      const post = createApiToolPost(spec, { apiKey: 'k-123', baseUrl: `${server.url}/v1` });
      const data = await post<{ results: number[] }>(
        'search',
        { q: 'x' },
        new AbortController().signal,
      );
      expect(data).toEqual({ results: [1] });
      const request = server.lastRequest();
      expect(request?.headers['x-api-key']).toBe('k-123');
      expect(request?.body).toEqual({ q: 'x' });
    } finally {
      await server.close();
    }
  });

  it('fails at the first call, before any request, naming the variable when there is no key', async () => {
    const post = createApiToolPost(spec, { env: {} });
    const error = await post('search', {}, new AbortController().signal).catch((e: unknown) => e);
    expect(AigoError.isInstance(error)).toBe(true);
    expect((error as AigoError).code).toBe('missing_api_key');
    expect((error as Error).message).toContain('DEMO_API_KEY');
  });

  it('names the bad option', () => {
    expect(() => createApiToolPost(spec, { baseUrl: 'ftp://x' })).toThrow(/options.baseUrl/);
    expect(() => createApiToolPost(spec, { timeoutMs: 0 })).toThrow(/options.timeoutMs/);
    expect(() => createApiToolPost(spec, null as never)).toThrow(ValidationError);
  });
});
