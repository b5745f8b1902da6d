/**
 * `provider.embed` of `gemini()` against a local server replaying embedContent and
 * batchEmbedContents payloads (built from the API reference: test/fixtures/README.md).
 */
import { readFileSync } from 'node:fs';
import { AbortError, ProviderError, ValidationError } from '@aigo/ai';
import { deferred, embeddingConformance } from '@aigo/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { type GeminiTestRig, startGeminiRig, TEST_API_KEY } from './support/test-gemini-server.js';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

const BATCH_PATH = '/v1beta/models/gemini-embedding-001:batchEmbedContents';
const SINGLE_PATH = '/v1beta/models/gemini-embedding-001:embedContent';
const texts = (
  fixture('embeddings-batch.request.json').requests as { content: { parts: { text: string }[] } }[]
).map((request) => request.content.parts[0]?.text as string);

describe('gemini().embed', () => {
  it('sends several values to batchEmbedContents with the task type, title and dimensions', async () => {
    await using rig = await startGeminiRig([
      { path: BATCH_PATH, body: fixture('embeddings-batch.json') },
    ]);
    const result = await rig.provider.embed({
      model: 'gemini-embedding-001',
      values: texts,
      dimensions: 8,
      purpose: 'document',
      providerOptions: { gemini: { title: 'Notes' } },
    });
    expect(rig.server.requests[0]?.body).toEqual(fixture('embeddings-batch.request.json'));
    expect(rig.server.requests[0]?.headers['x-goog-api-key']).toBe(TEST_API_KEY);
    const answer = fixture('embeddings-batch.json') as { embeddings: { values: number[] }[] };
    expect(result.embeddings).toEqual(answer.embeddings.map((item) => item.values));
    expect(result.usage).toBeUndefined();
    expect(result.cost).toBeUndefined();
    expect(result.calls).toBe(1);
    expect(result.model).toBe('gemini-embedding-001');
  });

  it('sends one value to embedContent, a query as RETRIEVAL_QUERY', async () => {
    await using rig = await startGeminiRig([
      { path: SINGLE_PATH, body: fixture('embeddings-single.json') },
    ]);
    const result = await rig.provider.embed({
      model: 'models/gemini-embedding-001',
      values: [texts[0] as string],
      dimensions: 8,
      purpose: 'query',
      providerOptions: { gemini: { title: 'ignored without RETRIEVAL_DOCUMENT' } },
    });
    expect(rig.server.requests[0]?.body).toEqual(fixture('embeddings-single.request.json'));
    expect(result.embeddings).toEqual([
      (fixture('embeddings-single.json').embedding as { values: number[] }).values,
    ]);
  });

  it('lets providerOptions.gemini.taskType win over purpose, and prices usageMetadata when present', async () => {
    await using rig = await startGeminiRig([
      {
        path: SINGLE_PATH,
        body: { ...fixture('embeddings-single.json'), usageMetadata: { promptTokenCount: 1000 } },
      },
    ]);
    const result = await rig.provider.embed({
      model: 'gemini-embedding-001',
      values: ['x'],
      purpose: 'query',
      providerOptions: { gemini: { taskType: 'CLUSTERING' } },
    });
    expect((rig.server.requests[0]?.body as { taskType?: string } | undefined)?.taskType).toBe(
      'CLUSTERING',
    );
    expect(result.usage?.promptTokens).toBe(1000);
    // gemini-embedding-001 lists at $0.15 per million input tokens (google list, chosen by base URL only
    // for Google's host: this server is local, so no price).
    expect(result.cost).toBeUndefined();
  });

  it('splits over maxEmbeddingsPerCall', async () => {
    await using rig = await startGeminiRig(
      [
        {
          path: BATCH_PATH,
          respond: (req, res) => {
            const requests = (
              req.body as { requests: { content: { parts: { text: string }[] } }[] }
            ).requests;
            res.setHeader('content-type', 'application/json');
            res.end(
              JSON.stringify({
                embeddings: requests.map((r) => ({
                  values: [r.content.parts[0]?.text.length ?? 0, 1],
                })),
              }),
            );
          },
        },
        { path: SINGLE_PATH, body: { embedding: { values: [5, 1] } } },
      ],
      { maxEmbeddingsPerCall: 2 },
    );
    const result = await rig.provider.embed({
      model: 'gemini-embedding-001',
      values: ['a', 'bb', 'ccc', 'dddd', 'eeeee'],
    });
    expect(result.embeddings).toEqual([
      [1, 1],
      [2, 1],
      [3, 1],
      [4, 1],
      [5, 1],
    ]);
    expect(result.calls).toBe(3);
    expect(rig.server.requests.map((r) => r.path)).toEqual([BATCH_PATH, BATCH_PATH, SINGLE_PATH]);
  });

  it('turns an error into a typed ProviderError without the key', async () => {
    await using rig = await startGeminiRig([
      {
        path: BATCH_PATH,
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            status: 'INVALID_ARGUMENT',
          },
        },
      },
    ]);
    const error = await rig.provider
      .embed({ model: 'gemini-embedding-001', values: ['a', 'b'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(JSON.stringify(error)).not.toContain(TEST_API_KEY);
    expect(String((error as Error).message)).not.toContain(TEST_API_KEY);
  });

  it('refuses a batch answer with the wrong number of vectors', async () => {
    await using rig = await startGeminiRig([
      { path: BATCH_PATH, body: { embeddings: [{ values: [1] }] } },
    ]);
    await expect(
      rig.provider.embed({ model: 'gemini-embedding-001', values: ['a', 'b'] }),
    ).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('aborts the call in flight', async () => {
    const arrived = deferred<void>();
    await using rig = await startGeminiRig([
      { path: SINGLE_PATH, respond: () => arrived.resolve() },
    ]);
    const controller = new AbortController();
    const call = rig.provider.embed(
      { model: 'gemini-embedding-001', values: ['a'] },
      { signal: controller.signal },
    );
    await arrived.promise;
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(AbortError);
  });

  it.each<[string, unknown, string]>([
    [
      'an unknown task type',
      { providerOptions: { gemini: { taskType: 'SEARCH' } } },
      'request.providerOptions.gemini.taskType',
    ],
    [
      'an unknown option',
      { providerOptions: { gemini: { task: 'x' } } },
      'request.providerOptions.gemini.task',
    ],
    ['a model path that escapes', { model: '../x' }, 'model'],
  ])('rejects %s before any call', async (_label, patch, argument) => {
    await using rig = await startGeminiRig([
      { path: SINGLE_PATH, body: fixture('embeddings-single.json') },
    ]);
    const failure = rig.provider.embed({
      model: 'gemini-embedding-001',
      values: ['a'],
      ...(patch as object),
    });
    await expect(failure).rejects.toBeInstanceOf(ValidationError);
    await expect(failure).rejects.toMatchObject({ argument });
    expect(rig.server.requests).toHaveLength(0);
  });
});

const rigs: GeminiTestRig[] = [];
afterAll(async () => {
  for (const rig of rigs.splice(0)) await rig[Symbol.asyncDispose]();
});
embeddingConformance({
  name: 'gemini()',
  async makeProvider() {
    const vector = (text: string) => [text.length, 1, text.charCodeAt(0) % 2];
    const rig = await startGeminiRig(
      [
        {
          path: /:batchEmbedContents$/,
          respond: (req, res) => {
            const requests = (
              req.body as { requests: { content: { parts: { text: string }[] } }[] }
            ).requests;
            res.setHeader('content-type', 'application/json');
            res.end(
              JSON.stringify({
                embeddings: requests.map((r) => ({
                  values: vector(r.content.parts[0]?.text ?? ''),
                })),
              }),
            );
          },
        },
        {
          path: /:embedContent$/,
          respond: (req, res) => {
            const body = req.body as { content: { parts: { text: string }[] } };
            res.setHeader('content-type', 'application/json');
            res.end(
              JSON.stringify({ embedding: { values: vector(body.content.parts[0]?.text ?? '') } }),
            );
          },
        },
      ],
      { maxEmbeddingsPerCall: 3 },
    );
    rigs.push(rig);
    return rig.provider;
  },
  model: 'gemini-embedding-001',
});
