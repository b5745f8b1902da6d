import { ParseError, type RetrievedChunk } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { modelReranker } from './model-reranker.js';
import { rerank } from './rerank.js';

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
  chunk('ship', 'Shipping takes 3 to 5 days.'),
  chunk('refund', 'Refunds are paid within 14 days.', 'Handbook > Returns'),
  chunk('hours', 'Open from 9 to 18.'),
];
const usage = { promptTokens: 120, completionTokens: 8, totalTokens: 128 };

describe('modelReranker', () => {
  it('asks for the best topN in one structured call and maps the numbers back', async () => {
    const provider = createFakeProvider().text('{"ranking": [1, 0]}', { usage });
    const observer = createRecordingObserver();
    const client = createClient(provider, {
      defaultModel: 'judge-model',
      modelCost: { inputCostPerMillion: 1, outputCostPerMillion: 2 },
      observer,
    });
    const overview = client.createOverview();
    const reranker = modelReranker({ client, overview });
    const kept = await rerank('How long do refunds take?', CANDIDATES, { reranker, topN: 2 });
    expect(kept.map((item) => [item.id, item.score, item.scores.rerank])).toEqual([
      ['refund', 1, 1],
      ['ship', 0.5, 0.5],
    ]);
    const request = provider.requests[0];
    expect(request?.model).toBe('judge-model');
    expect(request?.responseFormat).toMatchObject({ type: 'json', name: 'ranking' });
    const prompt = JSON.stringify(request?.messages);
    expect(prompt).toContain('Query: How long do refunds take?');
    expect(prompt).toContain('[1] (Handbook > Returns) Refunds are paid within 14 days.');
    expect(prompt).toContain('the 2 passages most relevant');
    // The call's cost is in the overview, and on its model-call span.
    expect(overview.totalUsage.promptTokens).toBe(120);
    expect(overview.costSummary().totalModelCost).toBeCloseTo((120 * 1 + 8 * 2) / 1e6, 12);
    expect(observer.spans.some((span) => span.attributes['aigo.cost.total'] !== undefined)).toBe(
      true,
    );
  });

  it.each([
    ['a passage it was not shown', '{"ranking": [7, 0]}'],
    ['a passage twice', '{"ranking": [0, 0]}'],
    ['the wrong count', '{"ranking": [0]}'],
    ['no JSON', 'The second passage.'],
    ['no ranking', '{"order": [0, 1]}'],
  ])('fails with a ParseError when the answer names %s', async (_label, answer) => {
    const client = createClient(createFakeProvider().text(answer), { defaultModel: 'judge' });
    const failure = rerank('q', CANDIDATES, { reranker: modelReranker({ client }), topN: 2 });
    await expect(failure).rejects.toBeInstanceOf(ParseError);
    await expect(failure).rejects.toMatchObject({ text: answer });
  });

  it('refuses bad options, naming them', () => {
    const client = createClient(createFakeProvider(), { defaultModel: 'judge' });
    for (const [options, argument] of [
      [{}, 'options.client'],
      [{ client, model: '' }, 'options.model'],
      [{ client: createClient(createFakeProvider()) }, 'options.model'],
      [{ client, instructions: ' ' }, 'options.instructions'],
      [{ client, topN: 3 }, 'options.topN'],
    ] as const) {
      expect(() => modelReranker(options as never)).toThrow(expect.objectContaining({ argument }));
    }
  });
});
