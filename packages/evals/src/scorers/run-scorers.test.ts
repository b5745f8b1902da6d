import { messageText, ValidationError } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeEmbedder, createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import type { CaseCost } from '../cost/case-cost.js';
import type { EvalCase } from '../dataset/eval-case.js';
import { costBudget, latencyBudget } from './budgets.js';
import { cosine, embeddingSimilarity } from './embedding-similarity.js';
import { grounded } from './grounded.js';
import { JUDGE_SCHEMA, judge } from './judge.js';
import type { ScorerRun } from './scorer-types.js';
import { matchValue, toolTrajectory } from './tool-trajectory.js';

const CASE: EvalCase = { id: 'c', input: 'Where is order A1?', expected: 'In transit, 2 days' };

function run(overrides: Partial<ScorerRun> = {}): ScorerRun {
  return {
    runId: 'e/c/1',
    trial: 1,
    result: undefined,
    toolCalls: [],
    usage: undefined,
    cost: undefined,
    latencyMs: 100,
    signal: new AbortController().signal,
    ...overrides,
  };
}

const calls = (...names: Array<[string, unknown?]>) =>
  names.map(([name, args = {}]) => ({ name, arguments: args }));

describe('toolTrajectory', () => {
  const expected = ['search', { name: 'fetch', args: { url: /^https:/ } }] as const;

  it('ordered: the expected calls in order, others between them allowed', async () => {
    const scorer = toolTrajectory({ tools: expected });
    const good = calls(
      ['search'],
      ['calculator'],
      ['fetch', { url: 'https://a.example', depth: 2 }],
    );
    expect(await scorer(CASE, null, run({ toolCalls: good }))).toEqual({ score: 1, pass: true });
    const reversed = calls(['fetch', { url: 'https://a' }], ['search']);
    expect(await scorer(CASE, null, run({ toolCalls: reversed }))).toMatchObject({
      score: 0.5,
      pass: false,
    });
    const insecure = calls(['search'], ['fetch', { url: 'http://a' }]);
    expect(await scorer(CASE, null, run({ toolCalls: insecure }))).toMatchObject({
      score: 0.5,
      reason: 'expected ordered [search, fetch], called [search, fetch]',
    });
  });

  it('set: each expected call in any order; exact: these calls and no others', async () => {
    const reversed = calls(['fetch', { url: 'https://a' }], ['search']);
    expect(
      await toolTrajectory({ tools: expected, order: 'set' })(
        CASE,
        null,
        run({ toolCalls: reversed }),
      ),
    ).toMatchObject({ score: 1 });
    const extra = calls(['search'], ['fetch', { url: 'https://a' }], ['search']);
    expect(
      await toolTrajectory({ tools: expected, order: 'exact' })(
        CASE,
        null,
        run({ toolCalls: extra }),
      ),
    ).toMatchObject({
      score: 2 / 3,
      pass: false,
    });
    expect(await toolTrajectory({ tools: [], order: 'exact' })(CASE, null, run())).toEqual({
      score: 1,
      pass: true,
    });
  });

  it('reads the expected calls from the case, and says when it has none', async () => {
    const withTools: EvalCase = {
      id: 'c',
      input: 'x',
      metadata: { tools: [{ name: 'order_status', args: { order: 'A1' } }] },
    };
    const made = calls(['order_status', { order: 'A1' }]);
    expect(await toolTrajectory()(withTools, null, run({ toolCalls: made }))).toMatchObject({
      score: 1,
    });
    const inExpected: EvalCase = { id: 'c', input: 'x', expected: { tools: ['search'] } };
    expect(await toolTrajectory()(inExpected, null, run())).toMatchObject({ score: 0 });
    expect(await toolTrajectory()(CASE, null, run())).toMatchObject({
      score: 0,
      reason: expect.stringContaining('names no expected tools'),
    });
    expect(() => toolTrajectory({ order: 'any' as never })).toThrow(ValidationError);
    expect(() => toolTrajectory({ tools: [''] })).toThrow(/tools\[0\]/);
  });

  it('matches arguments by value, partially, by RegExp or by function', () => {
    expect(matchValue({ a: 1, b: { c: 'x' } }, { a: 1, b: { c: 'x', d: 2 }, e: 3 })).toBe(true);
    expect(matchValue({ a: 1 }, { a: 2 })).toBe(false);
    expect(matchValue([1, 2], [1, 2])).toBe(true);
    expect(matchValue([1, 2], [1, 2, 3])).toBe(false);
    expect(matchValue((value) => typeof value === 'number' && value > 3, 4)).toBe(true);
    expect(matchValue(/^a/, 'abc')).toBe(true);
    expect(matchValue(/^a/, 1)).toBe(false);
  });
});

describe('grounded', () => {
  const evidence = [
    {
      id: 'ev_1',
      source: 'https://shop.example/returns',
      quote: 'Returns are accepted within 30 days of delivery.',
    },
    { id: 'ev_2', source: 'orders', data: { order: 'A1', status: 'In transit' } },
  ];

  it('scores the share of citations whose quote is in their evidence (whitespace and case aside)', async () => {
    const result = {
      data: 'You can return it within 30 days.',
      evidence,
      citations: [
        { evidence: 'ev_1', quote: 'returns are ACCEPTED   within 30 days' },
        { evidence: 'ev_2', quote: '"status":"In transit"' },
      ],
    };
    expect(await grounded()(CASE, result.data, run({ result }))).toEqual({ score: 1, pass: true });
  });

  it('fails unknown ids, quotes not in the evidence, and answers without citations', async () => {
    const result = {
      evidence,
      citations: [
        { evidence: 'ev_1', quote: 'within 30 days' },
        { evidence: 'ev_9', quote: 'anything' },
        { evidence: 'ev_1', quote: 'within 60 days' },
      ],
    };
    const scored = await grounded()(CASE, '', run({ result }));
    expect(scored).toEqual({
      score: 1 / 3,
      pass: false,
      reason: 'ev_9 is not evidence of this run; the quote cited from ev_1 is not in it',
    });
    expect(await grounded()(CASE, '', run({ result: { evidence, citations: [] } }))).toEqual({
      score: 0,
      pass: false,
      reason: 'the answer cites no evidence',
    });
    expect(
      await grounded({ minCitations: 2 })(
        CASE,
        '',
        run({ result: { evidence, citations: [{ evidence: 'ev_1', quote: '30 days' }] } }),
      ),
    ).toMatchObject({
      score: 1,
      pass: false,
    });
  });

  it('takes evidence keyed by id, and says when the run has none (the policy off)', async () => {
    const keyed = {
      evidence: { ev_1: { quote: 'Open 9 to 18' } },
      citations: [{ evidence: 'ev_1', quote: 'open 9 to 18' }],
    };
    expect(await grounded()(CASE, '', run({ result: keyed }))).toMatchObject({
      score: 1,
      pass: true,
    });
    expect(await grounded()(CASE, '', run({ result: { data: 'x' } }))).toMatchObject({
      score: 0,
      reason: expect.stringContaining('evidence policy'),
    });
    expect(() => grounded({ minCitations: -1 })).toThrow(ValidationError);
  });
});

describe('costBudget and latencyBudget', () => {
  const cost = (total: number, complete = true): CaseCost => ({
    total,
    currency: 'USD',
    models: {},
    tools: {},
    compute: 0,
    complete,
  });

  it('pass within the budget and score budget ÷ figure over it', async () => {
    expect(await costBudget(0.01)(CASE, '', run({ cost: cost(0.005) }))).toEqual({
      score: 1,
      pass: true,
    });
    expect(await costBudget(0.01)(CASE, '', run({ cost: cost(0.04) }))).toMatchObject({
      score: 0.25,
      pass: false,
    });
    expect(await latencyBudget(50)(CASE, '', run({ latencyMs: 200 }))).toEqual({
      score: 0.25,
      pass: false,
      reason: '200 ms > 50 ms',
    });
    expect(await latencyBudget(500)(CASE, '', run())).toEqual({ score: 1, pass: true });
  });

  it('never pass an unknown cost', async () => {
    expect(await costBudget(0.01)(CASE, '', run())).toMatchObject({
      score: 0,
      reason: 'the run reported no cost',
    });
    expect(await costBudget(0.01)(CASE, '', run({ cost: cost(0.001, false) }))).toMatchObject({
      score: 0,
      pass: false,
    });
    expect(await costBudget(0.01)(CASE, '', run({ cost: cost(0.02, false) }))).toMatchObject({
      score: 0.5,
    });
    expect(() => costBudget(0)).toThrow(ValidationError);
    expect(() => latencyBudget(Number.NaN)).toThrow(ValidationError);
  });
});

describe('embeddingSimilarity', () => {
  it('embeds output and expected in one call and scores their cosine', async () => {
    const embedder = createFakeEmbedder({ dimensions: 32 });
    const scorer = embeddingSimilarity({ provider: embedder, model: 'fake-embed', threshold: 0.5 });
    const same = await scorer(CASE, 'in transit, 2 days', run());
    expect(same).toMatchObject({ pass: true });
    expect((same as { score: number }).score).toBeCloseTo(1, 10);
    const other = await scorer(CASE, 'The weather is nice', run());
    expect((other as { score: number }).score).toBeLessThan(0.5);
    expect(embedder.calls).toHaveLength(2);
    expect(embedder.calls[0]?.values).toEqual(['in transit, 2 days', 'In transit, 2 days']);
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 0], [1])).toBe(0);
    expect(() => embeddingSimilarity({ provider: {} as never, model: 'm' })).toThrow(/provider/);
    expect(() => embeddingSimilarity({ provider: embedder, model: '' })).toThrow(/model/);
  });
});

describe('judge', () => {
  const PRICE = { inputCostPerMillion: 1, outputCostPerMillion: 2 };

  it('asks the judging model with the rubric, input, expected and output; its cost comes apart', async () => {
    const provider = createFakeProvider().text(
      '{"score": 0.8, "reason": "Polite and names the policy."}',
    );
    const client = createClient(provider, {
      env: {},
      defaultModel: 'judge-model',
      modelCost: PRICE,
    });
    const scorer = judge({ rubric: 'Polite, and names the refund policy', client, threshold: 0.7 });
    const scored = (await scorer(CASE, 'We refund within 5 days.', run())) as {
      score: number;
      cost: number;
    };
    expect(scored).toMatchObject({
      score: 0.8,
      pass: true,
      reason: 'Polite and names the policy.',
    });
    expect(scored.cost).toBeGreaterThan(0);
    const request = provider.lastRequest;
    expect(request?.model).toBe('judge-model');
    expect(request?.responseFormat).toMatchObject({ type: 'json', schema: JUDGE_SCHEMA });
    expect(request?.systemPrompt).toContain('You grade the output');
    const prompt = messageText(request?.messages[0] as never);
    expect(prompt).toContain('Rubric:\nPolite, and names the refund policy');
    expect(prompt).toContain('Expected:\nIn transit, 2 days');
    expect(prompt).toContain('Output:\nWe refund within 5 days.');
  });

  it('uses its own model, clamps the score, and rejects an answer that is not a verdict', async () => {
    const provider = createFakeProvider().text('{"score": 0.2, "reason": "Rude."}').text('no idea');
    const client = createClient(provider, { env: {}, defaultModel: 'cheap' });
    const scorer = judge({ rubric: 'Polite', client, model: 'judge-large' });
    expect(await scorer(CASE, 'Go away.', run())).toMatchObject({ score: 0.2, pass: false });
    expect(provider.lastRequest?.model).toBe('judge-large');
    await expect(scorer(CASE, 'x', run())).rejects.toThrow();
  });

  it('names bad options', () => {
    const client = createClient(createFakeProvider(), { env: {} });
    expect(() => judge({ rubric: '', client })).toThrow(/judge\.options\.rubric/);
    expect(() => judge({ rubric: 'r', client: {} as never })).toThrow(/judge\.options\.client/);
    expect(() => judge({ rubric: 'r', client, threshold: 3 })).toThrow(/judge\.options\.threshold/);
    expect(() => judge({ rubric: 'r', client, temperature: 0 } as never)).toThrow(
      /judge\.options\.temperature/,
    );
  });
});
