import { AigoError, ValidationError } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKeyedHttpClient, type KeyedHttpClientOptions } from './keyed-http-client.js';

let server: RecordedServer;

beforeAll(async () => {
  server = await startRecordedServer([
    { path: '/ok', body: { ok: true } },
    {
      path: '/echo-key',
      status: 401,
      body: { error: { message: 'bad key sk-env-key-0123456789' } },
    },
  ]);
});

afterAll(async () => {
  await server.close();
});

afterEach(() => {
  vi.unstubAllEnvs();
});

const ENV = 'AIGO_KEYED_TEST_KEY';

function options(overrides: Partial<KeyedHttpClientOptions> = {}): KeyedHttpClientOptions {
  return {
    provider: 'test',
    apiKey: { envVar: ENV, description: 'Test' },
    authHeaders: (key) => ({ authorization: `Bearer ${key}` }),
    ...overrides,
  };
}

describe('KeyedHttpClient', () => {
  it('reads the key at the first call, not when it is made, and sends it', async () => {
    vi.stubEnv(ENV, '');
    const keyed = createKeyedHttpClient(options({ headers: { 'x-team': 'a' } }));
    vi.stubEnv(ENV, 'sk-env-key-0123456789');
    expect(keyed.secrets).toEqual([]);
    await keyed.client().postJson(`${server.url}/ok`, {});
    expect(server.lastRequest()?.headers.authorization).toBe('Bearer sk-env-key-0123456789');
    expect(server.lastRequest()?.headers['x-team']).toBe('a');
    expect(keyed.secrets).toEqual(['sk-env-key-0123456789']);
    expect(keyed.client()).toBe(keyed.client());
    await keyed.close();
  });

  it('fails each call with missing_api_key naming the variable until the key is set', async () => {
    vi.stubEnv(ENV, '');
    const keyed = createKeyedHttpClient(options());
    for (let attempt = 0; attempt < 2; attempt++) {
      let caught: unknown;
      try {
        keyed.client();
      } catch (error) {
        caught = error;
      }
      expect(AigoError.isInstance(caught) && caught.code === 'missing_api_key').toBe(true);
      expect((caught as Error).message).toContain(ENV);
    }
    vi.stubEnv(ENV, 'now-set-123456');
    expect(keyed.client()).toBeDefined();
    await keyed.close();
  });

  it('calls without a key when none is required; headers of the client win', async () => {
    vi.stubEnv(ENV, '');
    const keyed = createKeyedHttpClient(
      options({ apiKey: { envVar: ENV, description: 'Test', required: false } }),
    );
    await keyed.client().postJson(`${server.url}/ok`, {});
    expect(server.lastRequest()?.headers.authorization).toBeUndefined();
    await keyed.close();
    const overridden = createKeyedHttpClient(
      options({
        apiKey: { apiKey: 'explicit-key-1', envVar: ENV, description: 'Test' },
        headers: { Authorization: 'Custom scheme' },
      }),
    );
    await overridden.client().postJson(`${server.url}/ok`, {});
    expect(server.lastRequest()?.headers.authorization).toBe('Custom scheme');
    await overridden.close();
  });

  it('scrubs the key from errors, even when the server echoes it', async () => {
    const keyed = createKeyedHttpClient(
      options({ apiKey: { apiKey: 'sk-env-key-0123456789', envVar: ENV, description: 'Test' } }),
    );
    const error = await keyed
      .client()
      .postJson(`${server.url}/echo-key`, {})
      .catch((e: unknown) => e);
    expect(String((error as Error).message)).not.toContain('sk-env-key-0123456789');
    expect(JSON.stringify(error)).not.toContain('sk-env-key-0123456789');
    await keyed.close();
  });

  it('rejects calls once closed, whether or not it had connected', async () => {
    const keyed = createKeyedHttpClient(
      options({ apiKey: { apiKey: 'k-123456', envVar: ENV, description: 'Test' } }),
    );
    await keyed.close();
    await keyed.close();
    expect(() => keyed.client()).toThrow(/closed/);
  });

  it('validates its options, naming the bad one', () => {
    expect(() => createKeyedHttpClient(undefined as never)).toThrow(ValidationError);
    expect(() => createKeyedHttpClient(options({ apiKey: undefined as never }))).toThrow(
      /options\.apiKey/,
    );
    expect(() => createKeyedHttpClient(options({ authHeaders: 'x' as never }))).toThrow(
      /options\.authHeaders/,
    );
    // The client's options are checked when it is made, not at the first call.
    expect(() => createKeyedHttpClient(options({ headers: { 'x-a': 1 as never } }))).toThrow(
      /options\.headers\.x-a/,
    );
    expect(() => createKeyedHttpClient(options({ timeoutMs: -1 }))).toThrow(/options\.timeoutMs/);
    expect(() => createKeyedHttpClient(options({ dispatcher: {} as never }))).toThrow(
      /options\.dispatcher/,
    );
  });
});
