// The HTTP rerankers against a local server replaying each API's payloads (test/fixtures/rerank/,
// built from the API references): what each sends, field for field, what it makes of the answer,
// and its errors — a missing key, 401, 429 and 5xx retried, an answer naming a document that was
// not sent or the wrong count.
import { readFileSync } from 'node:fs';
import { ProviderError, type Reranker, type RetrievedChunk } from '@aigo/ai';
import { createRecordingObserver, type RecordedRoute, startRecordedServer } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import {
  cohereReranker,
  type HttpRerankerOptions,
  jinaReranker,
  rerank,
  voyageReranker,
} from '../src/index.js';

const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`fixtures/rerank/${name}`, import.meta.url), 'utf8'));

const chunk = (id: string, text: string, context?: string): RetrievedChunk => ({
  id,
  text,
  score: 0.5,
  scores: { fused: 0.5 },
  stage: 'fused',
  metadata: {},
  ...(context === undefined ? {} : { context }),
});
const CANDIDATES = [
  chunk('ship', 'Shipping inside the EU takes 3 to 5 working days.'),
  chunk(
    'refund',
    'Refunds are paid within 14 days of the return reaching our warehouse.',
    'Handbook > Returns',
  ),
  chunk('hours', 'Our shop in Milan is open from 9 to 18.'),
];
const QUERY = 'How long do refunds take?';

interface Api {
  readonly name: 'cohere' | 'voyage' | 'jina';
  readonly make: (options?: HttpRerankerOptions) => Reranker;
  readonly path: string;
  readonly envVar: string;
  readonly scores: readonly number[];
  readonly usage: Record<string, number>;
  /** The answer's results list, named as the API names it. */
  readonly resultsKey: string;
}

const APIS: Api[] = [
  {
    name: 'cohere',
    make: cohereReranker,
    path: '/v2/rerank',
    envVar: 'COHERE_API_KEY',
    scores: [0.8742601, 0.0473207],
    usage: { 'aigo.rerank.search_units': 1 },
    resultsKey: 'results',
  },
  {
    name: 'voyage',
    make: voyageReranker,
    path: '/v1/rerank',
    envVar: 'VOYAGE_API_KEY',
    scores: [0.90234375, 0.265625],
    usage: { 'aigo.rerank.tokens': 61 },
    resultsKey: 'data',
  },
  {
    name: 'jina',
    make: jinaReranker,
    path: '/v1/rerank',
    envVar: 'JINA_API_KEY',
    scores: [0.7161875367164612, 0.0867401734352112],
    usage: { 'aigo.rerank.tokens': 58 },
    resultsKey: 'results',
  },
];

const KEY = 'sk-test-rerank-0123456789';

describe.each(APIS)('$name reranker', (api) => {
  const response = fixture(`${api.name}-response.json`);
  const ok: RecordedRoute = { path: api.path, body: response };

  it('sends the documented request and maps the answer back to the chunks', async () => {
    await using server = await startRecordedServer([ok]);
    const observer = createRecordingObserver();
    const span = observer.startSpan('aigo.retrieval');
    const reranker = api.make({ apiKey: KEY, baseURL: server.url });
    const kept = await rerank(QUERY, CANDIDATES, { reranker, topN: 2, span });
    const sent = server.lastRequest();
    expect(sent?.path).toBe(api.path);
    expect(sent?.body).toEqual(fixture(`${api.name}-request.json`));
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(kept.map((item) => [item.id, item.score, item.stage])).toEqual([
      ['refund', api.scores[0], 'rerank'],
      ['ship', api.scores[1], 'rerank'],
    ]);
    expect(kept[0]?.scores).toEqual({ fused: 0.5, rerank: api.scores[0] });
    expect(observer.spans[0]?.attributes).toMatchObject({
      'aigo.rerank.provider': api.name,
      'aigo.rerank.documents': 3,
      ...api.usage,
    });
    expect(observer.spans[0]?.attributes['aigo.cost.total']).toBeUndefined();
  });

  it(`reads the key from ${api.envVar} at the first call, and fails without one before sending`, async () => {
    await using server = await startRecordedServer([ok]);
    const fromEnv = api.make({ baseURL: server.url, env: { [api.envVar]: 'env-key-0123456789' } });
    await rerank(QUERY, CANDIDATES, { reranker: fromEnv, topN: 2 });
    expect(server.lastRequest()?.headers.authorization).toBe('Bearer env-key-0123456789');
    const without = api.make({ baseURL: server.url, env: {} });
    const failure = rerank(QUERY, CANDIDATES, { reranker: without, topN: 2 });
    await expect(failure).rejects.toMatchObject({ code: 'missing_api_key' });
    await expect(failure).rejects.toThrow(api.envVar);
    expect(server.requests).toHaveLength(1);
  });

  it('turns a 401 into a typed error without the key', async () => {
    await using server = await startRecordedServer([
      { path: api.path, status: 401, body: { message: `invalid api token ${KEY}` } },
    ]);
    const reranker = api.make({ apiKey: KEY, baseURL: server.url });
    const error = await rerank(QUERY, CANDIDATES, { reranker }).catch(
      (failure: unknown) => failure,
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, provider: api.name, retryable: false });
    expect(
      JSON.stringify({ ...(error as object), message: (error as Error).message }),
    ).not.toContain(KEY);
    expect(server.requests).toHaveLength(1);
  });

  it('retries a 429 and a 503 after Retry-After, then gives up after maxRetries', async () => {
    await using server = await startRecordedServer([
      {
        path: api.path,
        status: 429,
        headers: { 'retry-after': '0' },
        body: { message: 'slow down' },
        times: 1,
      },
      {
        path: api.path,
        status: 503,
        headers: { 'retry-after': '0' },
        body: { message: 'busy' },
        times: 1,
      },
      ok,
    ]);
    const reranker = api.make({ apiKey: KEY, baseURL: server.url });
    const kept = await rerank(QUERY, CANDIDATES, { reranker, topN: 2 });
    expect(kept).toHaveLength(2);
    expect(server.requests).toHaveLength(3);
    await using failing = await startRecordedServer([
      { path: api.path, status: 500, headers: { 'retry-after': '0' }, body: { message: 'down' } },
    ]);
    const once = api.make({ apiKey: KEY, baseURL: failing.url, maxRetries: 1 });
    await expect(rerank(QUERY, CANDIDATES, { reranker: once })).rejects.toMatchObject({
      status: 500,
    });
    expect(failing.requests).toHaveLength(2);
  });

  it.each([
    [
      'a document that was not sent',
      [
        { index: 9, relevance_score: 0.5 },
        { index: 0, relevance_score: 0.1 },
      ],
    ],
    [
      'a document twice',
      [
        { index: 1, relevance_score: 0.5 },
        { index: 1, relevance_score: 0.1 },
      ],
    ],
    ['the wrong count', [{ index: 1, relevance_score: 0.5 }]],
    ['no score', [{ index: 1 }, { index: 0, relevance_score: 0.1 }]],
  ])('refuses an answer naming %s (invalid_response)', async (_label, results) => {
    await using server = await startRecordedServer([
      { path: api.path, body: { ...response, [api.resultsKey]: results } },
    ]);
    const reranker = api.make({ apiKey: KEY, baseURL: server.url });
    await expect(rerank(QUERY, CANDIDATES, { reranker, topN: 2 })).rejects.toMatchObject({
      code: 'invalid_response',
      provider: api.name,
    });
  });

  it('refuses bad options, naming them', () => {
    for (const [options, argument] of [
      [{ model: '' }, 'options.model'],
      [{ maxRetries: -1 }, 'options.maxRetries'],
      [{ topN: 3 }, 'options.topN'],
      [{ baseURL: 'not a url' }, 'options.baseURL'],
    ] as const) {
      expect(() => api.make(options as never)).toThrow(expect.objectContaining({ argument }));
    }
  });
});
