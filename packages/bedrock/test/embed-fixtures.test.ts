/**
 * Embeddings through InvokeModel: Titan Text Embeddings and Cohere Embed answers built from the
 * Bedrock model reference (see fixtures/README.md), replayed by a local server.
 */
import { fixtureRoute, startRecordedServer } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { bedrock } from '../src/index.js';
import { fixtureFile, TEST_ACCESS_KEY_ID, TEST_SECRET_ACCESS_KEY } from './support/harness.js';

const INVOKE = /^\/model\/[^/]+\/invoke$/;

async function rig(fixture: string) {
  const server = await startRecordedServer([
    fixtureRoute({ path: INVOKE, fixture: fixtureFile(fixture) }),
  ]);
  const provider = bedrock({
    region: 'us-east-1',
    baseURL: server.url,
    credentials: { accessKeyId: TEST_ACCESS_KEY_ID, secretAccessKey: TEST_SECRET_ACCESS_KEY },
  });
  return {
    server,
    provider,
    async [Symbol.asyncDispose]() {
      await provider.close();
      await server.close();
    },
  };
}

describe('embed', () => {
  it('embeds with Titan one text a call, dimensions sent, usage from inputTextTokenCount', async () => {
    await using r = await rig('invoke-titan-embed.built.json');
    const result = await r.provider.embed({
      model: 'amazon.titan-embed-text-v2:0',
      values: ['hello', 'world'],
      dimensions: 256,
    });
    expect(result.embeddings).toEqual([
      [0.0123, -0.0456, 0.0789, 0.1011],
      [0.0123, -0.0456, 0.0789, 0.1011],
    ]);
    expect(result.calls).toBe(2);
    expect(result.usage).toEqual({ promptTokens: 10, completionTokens: 0, totalTokens: 10 });
    expect(r.server.requests.map((request) => request.body)).toEqual([
      { inputText: 'hello', dimensions: 256, normalize: true },
      { inputText: 'world', dimensions: 256, normalize: true },
    ]);
    expect(r.server.requests[0]?.path).toBe('/model/amazon.titan-embed-text-v2%3A0/invoke');
    expect(r.server.requests[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
  });

  it('embeds with Cohere in batches, purpose as input_type, usage from the token-count header', async () => {
    await using r = await rig('invoke-cohere-embed.built.json');
    const result = await r.provider.embed({
      model: 'cohere.embed-english-v3',
      values: ['first', 'second'],
      purpose: 'query',
    });
    expect(result.embeddings).toEqual([
      [0.1, 0.2, 0.3],
      [0.4, 0.5, 0.6],
    ]);
    expect(result.usage?.promptTokens).toBe(4);
    expect(r.server.requests[0]?.body).toEqual({
      texts: ['first', 'second'],
      input_type: 'search_query',
      truncate: 'END',
    });
  });

  it('rejects a model of another family before any call', async () => {
    await using r = await rig('invoke-titan-embed.built.json');
    await expect(
      r.provider.embed({ model: 'meta.llama3-8b-instruct-v1:0', values: ['x'] }),
    ).rejects.toThrow('request.model');
    expect(r.server.requests).toHaveLength(0);
  });
});
