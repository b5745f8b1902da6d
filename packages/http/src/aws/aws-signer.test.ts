import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awsRequestSigner } from './aws-signer.js';

/** The credentials, region and service of AWS's published Signature Version 4 test suite. */
const SUITE = {
  region: 'us-east-1',
  service: 'service',
  credentials: {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  },
};
const SCOPE = 'AKIDEXAMPLE/20150830/us-east-1/service/aws4_request';

function request(method: string, url: string, body = '') {
  const parsed = new URL(url);
  return {
    method,
    url,
    origin: parsed.origin,
    path: `${parsed.pathname}${parsed.search}`,
    headers: {},
    body,
    signal: undefined,
  };
}

describe('awsRequestSigner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2015-08-30T12:36:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // AWS's Signature Version 4 test suite: get-vanilla, post-vanilla, get-vanilla-query-order-value.
  it.each([
    [
      'GET',
      'https://example.amazonaws.com/',
      '5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    ],
    [
      'POST',
      'https://example.amazonaws.com/',
      '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
    ],
    [
      'GET',
      'https://example.amazonaws.com/?Param2=value2&Param1=value1',
      'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    ],
  ])('signs %s %s as the published test vector', async (method, url, signature) => {
    const headers = await awsRequestSigner(SUITE)(request(method, url));
    expect(headers).toEqual({
      authorization: `AWS4-HMAC-SHA256 Credential=${SCOPE}, SignedHeaders=host;x-amz-date, Signature=${signature}`,
      'x-amz-date': '20150830T123600Z',
    });
  });

  it('signs the session token of temporary credentials and the request headers', async () => {
    const sign = awsRequestSigner({
      ...SUITE,
      credentials: { ...SUITE.credentials, sessionToken: 'session-token-value' },
    });
    const headers = await sign({
      ...request('POST', 'https://example.amazonaws.com/model/a%3A1/converse', '{}'),
      headers: { 'content-type': 'application/json', 'user-agent': 'aigo' },
    });
    expect(headers['x-amz-security-token']).toBe('session-token-value');
    expect(headers.authorization).toContain(
      'SignedHeaders=content-type;host;x-amz-date;x-amz-security-token,',
    );
  });

  it('asks a credentials provider at each request (the provider caches)', async () => {
    const provider = vi.fn(async () => SUITE.credentials);
    const sign = awsRequestSigner({ ...SUITE, credentials: provider });
    await sign(request('POST', 'https://example.amazonaws.com/'));
    await sign(request('POST', 'https://example.amazonaws.com/'));
    expect(provider).toHaveBeenCalledTimes(2);
  });

  it.each([
    [{ region: 'US EAST', service: 'bedrock' }, 'options.region'],
    [{ region: 'us-east-1', service: '' }, 'options.service'],
    [
      { region: 'us-east-1', service: 'bedrock', credentials: { accessKeyId: 'A' } },
      'options.credentials.secretAccessKey',
    ],
  ])('rejects bad options by name (%o)', (options, name) => {
    expect(() => awsRequestSigner(options as never)).toThrow(name);
  });
});
