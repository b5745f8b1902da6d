import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import {
  isSecretHeader,
  REDACTED,
  redact,
  redactHeaders,
  redactText,
  redactUrl,
  secretsOf,
} from './redact.js';

const KEY = 'sk-proj-FAKEKEY0123456789abcdefXYZ';
const GOOGLE_KEY = 'AIzaSyFAKE-0123456789abcdefghijklmnopq';

describe('redactHeaders', () => {
  it('hides secret header values, whatever the case of the name, and keeps the rest', () => {
    const redacted = redactHeaders({
      Authorization: `Bearer ${KEY}`,
      'x-api-key': KEY,
      'X-Goog-Api-Key': GOOGLE_KEY,
      'api-key': KEY,
      cookie: 'session=abc',
      'set-cookie': ['a=1', 'b=2'],
      'proxy-authorization': 'Basic dXNlcjpwYXNz',
      'ocp-apim-subscription-key': 'azure-secret',
      'content-type': 'application/json',
      'x-request-id': 'req_1',
      accept: undefined,
    });
    expect(redacted).toEqual({
      Authorization: `Bearer ${REDACTED}`,
      'x-api-key': REDACTED,
      'X-Goog-Api-Key': REDACTED,
      'api-key': REDACTED,
      cookie: REDACTED,
      'set-cookie': [REDACTED, REDACTED],
      'proxy-authorization': `Basic ${REDACTED}`,
      'ocp-apim-subscription-key': REDACTED,
      'content-type': 'application/json',
      'x-request-id': 'req_1',
    });
    expect(JSON.stringify(redacted)).not.toContain(KEY);
  });

  it('knows which headers are secret', () => {
    for (const name of [
      'authorization',
      'X-API-KEY',
      'x-goog-api-key',
      'api-key',
      'Cookie',
      'x-auth-token',
    ]) {
      expect(isSecretHeader(name)).toBe(true);
    }
    for (const name of ['content-type', 'accept', 'user-agent', 'x-request-id', 'openai-beta']) {
      expect(isSecretHeader(name)).toBe(false);
    }
  });

  it('validates its argument', () => {
    expect(() => redactHeaders(null as never)).toThrow(ValidationError);
    expect(() => redactHeaders('x' as never)).toThrow(/headers/);
  });
});

describe('redactUrl', () => {
  it('hides key=, api_key=, token= and similar query parameters', () => {
    expect(
      redactUrl(
        `https://generativelanguage.googleapis.com/v1beta/models/gemini:streamGenerateContent?alt=sse&key=${GOOGLE_KEY}`,
      ),
    ).toBe(
      `https://generativelanguage.googleapis.com/v1beta/models/gemini:streamGenerateContent?alt=sse&key=${REDACTED}`,
    );
    expect(redactUrl(`https://x.test/a?api_key=${KEY}&b=1`)).toBe(
      `https://x.test/a?api_key=${REDACTED}&b=1`,
    );
    expect(redactUrl('https://x.test/a?token=abc&access_token=def#frag')).toBe(
      `https://x.test/a?token=${REDACTED}&access_token=${REDACTED}#frag`,
    );
    expect(redactUrl('https://x.test/a?monkey=1&keyboard=2')).toBe(
      'https://x.test/a?monkey=1&keyboard=2',
    );
  });

  it('hides user:password@ credentials and accepts URL objects', () => {
    expect(redactUrl(new URL('https://user:pa55word@proxy.test:8080/v1?key=abc'))).toBe(
      `https://${REDACTED}@proxy.test:8080/v1?key=${REDACTED}`,
    );
  });

  it('validates its argument', () => {
    expect(() => redactUrl(42 as never)).toThrow(ValidationError);
  });
});

describe('redactText', () => {
  it('removes every occurrence of each known secret', () => {
    const text = `echo: ${KEY} and again ${KEY}; other=${GOOGLE_KEY}`;
    const redacted = redactText(text, [KEY, 'short', GOOGLE_KEY]);
    expect(redacted).not.toContain(KEY);
    expect(redacted).not.toContain(GOOGLE_KEY);
    expect(redacted.split(REDACTED).length - 1).toBe(3);
  });

  it('removes key-shaped strings and bearer tokens even when the secret is not known', () => {
    const text = `Authorization: Bearer abcdefghijklmnop123 key ${KEY} google ${GOOGLE_KEY} groq gsk_0123456789abcdefghijABCD`;
    const redacted = redactText(text);
    expect(redacted).toBe(
      `Authorization: Bearer ${REDACTED} key ${REDACTED} google ${REDACTED} groq ${REDACTED}`,
    );
  });

  it('uses the one rule set of @aigo/ai: GitHub tokens and credential-shaped Basic values go too', () => {
    expect(redactText('token ghp_abcdefghijklmnopqrstuvwxyz0123456789 leaked')).toBe(
      `token ${REDACTED} leaked`,
    );
    expect(redactText('Authorization: basic dXNlcjpwYXNz')).toBe(
      `Authorization: basic ${REDACTED}`,
    );
  });

  it('leaves prose about authentication alone', () => {
    const prose = 'Basic authentication is not supported; send a Bearer token instead.';
    expect(redactText(prose)).toBe(prose);
  });

  it('removes secret query parameters inside text', () => {
    expect(redactText('GET https://h.test/x?key=s3cr3t failed')).toBe(
      `GET https://h.test/x?key=${REDACTED} failed`,
    );
  });

  it('ignores secrets shorter than 6 characters and leaves ordinary text alone', () => {
    expect(redactText('a model is not a key', ['a', 'key'])).toBe('a model is not a key');
  });

  it('validates its arguments', () => {
    expect(() => redactText(undefined as never)).toThrow(ValidationError);
    expect(() => redactText('x', 'secret' as never)).toThrow(/secrets/);
    expect(() => redactText('x', [42 as never])).toThrow(/secrets/);
  });
});

describe('redact', () => {
  it('dispatches on the kind of value', () => {
    expect(redact({ authorization: `Bearer ${KEY}` })).toEqual({
      authorization: `Bearer ${REDACTED}`,
    });
    expect(redact(`https://h.test/?key=${KEY}`)).toBe(`https://h.test/?key=${REDACTED}`);
    expect(redact(new URL(`https://h.test/?api_key=x`))).toBe(
      `https://h.test/?api_key=${REDACTED}`,
    );
    expect(redact('my secret is hunter22', ['hunter22'])).toBe(`my secret is ${REDACTED}`);
    expect(() => redact(42 as never)).toThrow(ValidationError);
  });
});

describe('secretsOf', () => {
  it('collects secret header values, bearer tokens and secret query values, longest first', () => {
    const secrets = secretsOf(
      `https://h.test/v1?alt=sse&key=${GOOGLE_KEY}`,
      { authorization: `Bearer ${KEY}`, accept: 'text/event-stream' },
      ['extra-secret'],
    );
    expect(secrets).toContain(`Bearer ${KEY}`);
    expect(secrets).toContain(KEY);
    expect(secrets).toContain(GOOGLE_KEY);
    expect(secrets).toContain('extra-secret');
    expect(secrets).not.toContain('text/event-stream');
    expect(secrets[0]).toBe(`Bearer ${KEY}`);
  });
});
