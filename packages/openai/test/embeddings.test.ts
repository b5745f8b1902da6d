/**
 * `provider.embed` against a local server replaying /v1/embeddings payloads (built from the API
 * reference: test/fixtures/embeddings/README.md): the body sent, the vectors read back in input
 * order, batching over `maxEmbeddingsPerCall`, usage and cost, errors, aborts and bad input.
 */
import { readFileSync } from 'node:fs';
import { AbortError, type EmbeddingProvider, ProviderError, ValidationError } from '@aigo/ai';
import { deferred, embeddingConformance } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, TEST_API_KEY } from './support/harness.js';

const harness = createHarness();
afterEach(() => harness.closeAll());

const PATH = '/v1/embeddings';
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/embeddings/${name}`, import.meta.url), 'utf8'));

const request = fixture('three-values.request.json') as { input: string[]; model: string };

describe('openai().embed', () => {
  it('sends the documented body and reads the vectors back in input order', async () => {
    const server = await harness.serve({ path: PATH, body: fixture('three-values.json') });
    const provider = harness.provider(server, { prices: 'openai' });
    const result = await provider.embed({
      model: 'text-embedding-3-small',
      values: request.input,
      dimensions: 8,
      providerOptions: { openai: { user: 'user-42' } },
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.body).toEqual(request);
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
    const answer = fixture('three-values.json') as {
      data: { index: number; embedding: number[] }[];
    };
    const byIndex = [...answer.data]
      .sort((a, b) => a.index - b.index)
      .map((item) => item.embedding);
    expect(result.embeddings).toEqual(byIndex);
    expect(result.usage).toEqual({ promptTokens: 29, completionTokens: 0, totalTokens: 29 });
    expect(result.model).toBe('text-embedding-3-small');
    expect(result.calls).toBe(1);
    // text-embedding-3-small lists at $0.02 per million tokens.
    expect(result.cost?.currency).toBe('USD');
    expect(result.cost?.amount).toBeCloseTo((29 * 0.02) / 1_000_000, 15);
  });

  it('leaves dimensions and user unsent when unset', async () => {
    const server = await harness.serve({ path: PATH, body: fixture('three-values.json') });
    await harness
      .provider(server)
      .embed({ model: 'text-embedding-3-small', values: request.input });
    expect(server.requests[0]?.body).toEqual({
      model: 'text-embedding-3-small',
      input: request.input,
      encoding_format: 'float',
    });
  });

  it('splits the values into requests of maxEmbeddingsPerCall, in order, summing usage', async () => {
    const server = await harness.serve({
      path: PATH,
      respond: (req, res) => {
        const input = (req.body as { input: string[] }).input;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            object: 'list',
            data: input.map((text, index) => ({
              object: 'embedding',
              index,
              embedding: [text.length, index],
            })),
            model: 'text-embedding-3-small',
            usage: { prompt_tokens: input.length * 2, total_tokens: input.length * 2 },
          }),
        );
      },
    });
    const provider = harness.provider(server, { maxEmbeddingsPerCall: 2 });
    expect(provider.maxEmbeddingsPerCall).toBe(2);
    const values = ['a', 'bb', 'ccc', 'dddd', 'eeeee'];
    const result = await provider.embed({ model: 'text-embedding-3-small', values });
    expect(server.requests.map((r) => (r.body as { input: string[] }).input)).toEqual([
      ['a', 'bb'],
      ['ccc', 'dddd'],
      ['eeeee'],
    ]);
    expect(result.embeddings).toEqual([
      [1, 0],
      [2, 1],
      [3, 0],
      [4, 1],
      [5, 0],
    ]);
    expect(result.usage?.promptTokens).toBe(10);
    expect(result.calls).toBe(3);
  });

  it('makes no call for no values', async () => {
    const server = await harness.serve({ path: PATH, body: fixture('three-values.json') });
    const result = await harness.provider(server).embed({ model: 'm', values: [] });
    expect(result.embeddings).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('turns an error status into a typed ProviderError without the key', async () => {
    const server = await harness.serve({
      path: PATH,
      status: 400,
      body: fixture('error-400-dimensions.json'),
    });
    const failure = harness
      .provider(server)
      .embed({ model: 'text-embedding-ada-002', values: ['x'], dimensions: 8 });
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    const error = (await failure.catch((e: unknown) => e)) as ProviderError;
    expect(error.code).toBe('bad_request');
    expect(error.message).toContain('does not support specifying dimensions');
    expect(JSON.stringify(error)).not.toContain(TEST_API_KEY);
  });

  it('refuses an answer with the wrong number of vectors', async () => {
    const body = fixture('three-values.json') as { data: unknown[] };
    const server = await harness.serve({
      path: PATH,
      body: { ...body, data: body.data.slice(0, 2) },
    });
    await expect(
      harness.provider(server).embed({ model: 'm', values: request.input }),
    ).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('aborts the call in flight', async () => {
    const arrived = deferred<void>();
    const server = await harness.serve({
      path: PATH,
      respond: () => {
        arrived.resolve();
      },
    });
    const controller = new AbortController();
    const call = harness
      .provider(server)
      .embed({ model: 'm', values: ['x'] }, { signal: controller.signal });
    await arrived.promise;
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(AbortError);
  });

  it.each<[string, unknown, string]>([
    ['no model', { values: ['x'] }, 'request.model'],
    ['a value that is not a string', { model: 'm', values: ['x', 2] }, 'request.values[1]'],
    ['dimensions 0', { model: 'm', values: ['x'], dimensions: 0 }, 'request.dimensions'],
    [
      'an unknown provider option',
      { model: 'm', values: ['x'], providerOptions: { openai: { usr: 'a' } } },
      'request.providerOptions.openai.usr',
    ],
  ])('rejects %s before any call', async (_label, bad, argument) => {
    const server = await harness.serve({ path: PATH, body: fixture('three-values.json') });
    const failure = harness.provider(server).embed(bad as never);
    await expect(failure).rejects.toBeInstanceOf(ValidationError);
    await expect(failure).rejects.toMatchObject({ argument });
    expect(server.requests).toHaveLength(0);
  });

  it('rejects a bad maxEmbeddingsPerCall', () => {
    expect(() =>
      harness.provider({ url: 'http://127.0.0.1:1' } as never, { maxEmbeddingsPerCall: 0 }),
    ).toThrow('options.maxEmbeddingsPerCall');
  });
});

embeddingConformance({
  name: 'openai()',
  async makeProvider(): Promise<EmbeddingProvider> {
    const server = await harness.serve({
      path: PATH,
      respond: (req, res) => {
        const input = (req.body as { input: string[] }).input;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            object: 'list',
            data: input.map((text, index) => ({
              object: 'embedding',
              index,
              embedding: [text.length, 1, text.charCodeAt(0) % 2],
            })),
            model: 'm',
            usage: { prompt_tokens: input.length, total_tokens: input.length },
          }),
        );
      },
    });
    return harness.provider(server, { maxEmbeddingsPerCall: 3 });
  },
  model: 'm',
});
