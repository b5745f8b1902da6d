import { AigoError, ValidationError } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectProvider, type ProviderEndpoint } from './provider-connection.js';

let server: RecordedServer;

beforeAll(async () => {
  server = await startRecordedServer([{ path: '/v1/ok', body: { ok: true } }]);
});

afterAll(async () => {
  await server.close();
});

const ENDPOINT: ProviderEndpoint = {
  provider: 'acme',
  description: 'Acme',
  baseURL: 'https://api.acme.example/v1',
  baseURLEnv: ['ACME_BASE_URL', 'ACME_API_BASE_URL'],
  apiKeyEnv: ['ACME_API_KEY', 'ACME_KEY'],
  authHeaders: (key) => ({ 'x-acme-key': key }),
};

describe('connectProvider', () => {
  it('takes the base URL from the option, then the variables in order, then the default', () => {
    const env = { ACME_BASE_URL: ' ', ACME_API_BASE_URL: 'http://127.0.0.1:9/v2/' };
    expect(connectProvider(ENDPOINT, {}, { env }).baseURL).toBe('http://127.0.0.1:9/v2');
    expect(connectProvider(ENDPOINT, { baseURL: 'http://h/v3' }, { env }).baseURL).toBe(
      'http://h/v3',
    );
    expect(connectProvider(ENDPOINT, {}, { env: {} }).baseURL).toBe(ENDPOINT.baseURL);
    expect(() => connectProvider(ENDPOINT, {}, { env: { ACME_BASE_URL: 'nope' } })).toThrow(
      /ACME_BASE_URL/,
    );
  });

  it('sends the key of the first variable set, the adapter headers, then the application headers', async () => {
    const { http } = connectProvider(
      ENDPOINT,
      { baseURL: `${server.url}/v1`, headers: { 'X-Team': 'blue', 'Acme-Version': '2' } },
      { headers: { 'acme-version': '1', 'acme-beta': undefined }, env: { ACME_KEY: 'k-second' } },
    );
    await http.client().postJson(`${server.url}/v1/ok`, {});
    const headers = server.lastRequest()?.headers ?? {};
    expect(headers['x-acme-key']).toBe('k-second');
    expect(headers['acme-version']).toBe('2');
    expect(headers['x-team']).toBe('blue');
    expect(headers['acme-beta']).toBeUndefined();
    expect(http.secrets).toEqual(['k-second']);
    await http.close();
  });

  it('fails the first call naming every variable when no key is set, unless a header carries one', async () => {
    const { http } = connectProvider(ENDPOINT, {}, { env: {} });
    let caught: unknown;
    try {
      http.client();
    } catch (error) {
      caught = error;
    }
    expect(AigoError.isInstance(caught) && caught.code).toBe('missing_api_key');
    expect((caught as Error).message).toMatch(/ACME_API_KEY, ACME_KEY/);
    const proxied = connectProvider(
      ENDPOINT,
      { baseURL: `${server.url}/v1`, headers: { 'X-Acme-Key': 'from-proxy' } },
      { env: {} },
    );
    await proxied.http.client().postJson(`${server.url}/v1/ok`, {});
    expect(server.lastRequest()?.headers['x-acme-key']).toBe('from-proxy');
    await proxied.http.close();
  });

  it('asks keyRequired whether the base URL needs a key', async () => {
    const local = connectProvider(
      { ...ENDPOINT, keyRequired: (baseURL) => baseURL.startsWith('https://api.acme.example') },
      { baseURL: `${server.url}/v1` },
      { env: {} },
    );
    await local.http.client().postJson(`${server.url}/v1/ok`, {});
    expect(server.lastRequest()?.headers['x-acme-key']).toBeUndefined();
    await local.http.close();
  });

  it('refuses a bad deadline where the provider is made', () => {
    expect(() => connectProvider(ENDPOINT, { timeoutMs: -1 }, { env: {} })).toThrow(
      ValidationError,
    );
  });
});
