import { AbortError, type Reranker, type RetrievedChunk } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { rerank } from './rerank.js';

const chunk = (id: string, score: number): RetrievedChunk => ({
  id,
  text: `text ${id}`,
  score,
  scores: { semantic: score, fused: score },
  stage: 'fused',
  metadata: {},
});
const CANDIDATES = [chunk('a', 0.9), chunk('b', 0.8), chunk('c', 0.7)];
const reversing: Reranker = (_query, chunks) =>
  [...chunks].reverse().map((item, index) => ({ ...item, score: 1 - index / 10 }));

describe('rerank', () => {
  it('keeps the reranker’s order and scores, and the earlier scores', async () => {
    const kept = await rerank('q', CANDIDATES, { reranker: reversing, topN: 2 });
    expect(kept.map((item) => [item.id, item.score, item.stage])).toEqual([
      ['c', 1, 'rerank'],
      ['b', 0.9, 'rerank'],
    ]);
    expect(kept[0]?.scores).toEqual({ semantic: 0.7, fused: 0.7, rerank: 1 });
    expect(await rerank('q', CANDIDATES, { reranker: reversing })).toHaveLength(3);
  });

  it('passes topN, the signal and the span, and makes no call without candidates', async () => {
    const seen: unknown[] = [];
    const spy: Reranker = (query, chunks, options) => {
      seen.push([query, chunks.length, options.topN]);
      return chunks;
    };
    await rerank('q', CANDIDATES, { reranker: spy, topN: 1 });
    expect(await rerank('q', [], { reranker: spy })).toEqual([]);
    expect(seen).toEqual([['q', 3, 1]]);
  });

  it.each<[string, Reranker]>([
    ['a chunk it was not given', () => [chunk('zzz', 1)]],
    ['a chunk twice', () => [chunk('a', 1), chunk('a', 0.5)]],
    ['a score that is not a number', () => [{ ...chunk('a', 1), score: Number.NaN }]],
    ['something else than an array', () => ({}) as never],
  ])('refuses a reranker returning %s', async (_label, reranker) => {
    await expect(rerank('q', CANDIDATES, { reranker })).rejects.toMatchObject({
      argument: 'options.reranker',
    });
  });

  it('refuses bad arguments and stops at an aborted signal', async () => {
    await expect(rerank('', CANDIDATES, { reranker: reversing })).rejects.toMatchObject({
      argument: 'query',
    });
    await expect(rerank('q', CANDIDATES, { reranker: reversing, topN: 0 })).rejects.toMatchObject({
      argument: 'options.topN',
    });
    await expect(
      rerank('q', [chunk('a', 1), chunk('a', 1)], { reranker: reversing }),
    ).rejects.toMatchObject({
      argument: 'candidates[1].id',
    });
    await expect(rerank('q', CANDIDATES, { reranker: 'cohere' as never })).rejects.toMatchObject({
      argument: 'options.reranker',
    });
    await expect(
      rerank('q', CANDIDATES, { reranker: reversing, top: 3 } as never),
    ).rejects.toMatchObject({
      argument: 'options.top',
    });
    const controller = new AbortController();
    controller.abort();
    await expect(
      rerank('q', CANDIDATES, { reranker: reversing, signal: controller.signal }),
    ).rejects.toBeInstanceOf(AbortError);
  });
});
