import { describe, expect, it } from 'vitest';
import { isSecretHeader, isSecretName } from './secret-names.js';

describe('isSecretName', () => {
  it.each([
    'authorization',
    'http.request.header.authorization',
    'Proxy-Authorization',
    'api_key',
    'apiKey',
    'x-api-key',
    'http.request.header.x-goog-api-key',
    'client_secret',
    'password',
    'db.passwd',
    'cookie',
    'set-cookie',
    'credentials',
    'auth.token',
    'access_token',
    'oauth.refresh-token',
    'token',
    'key',
    // Header attributes follow the header rule.
    'http.request.header.x-session-id',
    'http.response.header.x-auth-user',
  ])('%s is secret', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    'gen_ai.usage.input_tokens',
    'gen_ai.usage.output_tokens',
    'gen_ai.token.type',
    'gen_ai.client.token.usage',
    'llm.tokens.total',
    'gen_ai.request.max_tokens',
    'gen_ai.tool.call.id',
    'gen_ai.request.model',
    'monkey',
    'http.url',
    'http.request.header.content-type',
  ])('%s is not secret', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe('isSecretHeader', () => {
  it('knows which headers are secret, whatever the case', () => {
    for (const name of [
      'authorization',
      'Proxy-Authorization',
      'X-API-KEY',
      'x-goog-api-key',
      'api-key',
      'Cookie',
      'set-cookie',
      'x-auth-token',
      'ocp-apim-subscription-key',
      'x-session',
      'x-amz-security-token',
      'x-credentials',
      'x-passwd',
    ]) {
      expect(isSecretHeader(name), name).toBe(true);
    }
    for (const name of ['content-type', 'accept', 'user-agent', 'x-request-id', 'openai-beta']) {
      expect(isSecretHeader(name), name).toBe(false);
    }
  });

  it('takes every secret attribute name as a secret header too', () => {
    for (const name of ['api_key', 'db.passwd', 'credentials', 'client_secret', 'x-signature']) {
      expect(isSecretName(name)).toBe(true);
      expect(isSecretHeader(name)).toBe(true);
    }
  });
});
