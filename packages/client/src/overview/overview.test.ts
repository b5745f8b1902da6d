import {
  type ChatRequest,
  type ChatResponse,
  type ComputeCost,
  type ModelCosts,
  type ToolMetrics,
  type Usage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { Overview } from './overview.js';
import { toStructuredOverview } from './structured-overview.js';

function usage(promptTokens: number, completionTokens: number, extra: Partial<Usage> = {}): Usage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, ...extra };
}

function response(model: string, used: Usage | undefined, id = 'r'): ChatResponse {
  return {
    id,
    model,
    content: 'ok',
    toolCalls: [],
    finishReason: 'stop',
    ...(used === undefined ? {} : { usage: used }),
  };
}

function request(model: string): ChatRequest {
  return { model, messages: [userMessage('hi')] };
}

/** A clock the test moves by hand. */
function clock(start = Date.UTC(2026, 0, 1)): { now: () => number; advance(ms: number): void } {
  let time = start;
  return {
    now: () => time,
    advance(ms) {
      time += ms;
    },
  };
}

const modelA = { inputCostPerMillion: 2.5, outputCostPerMillion: 10 };
const modelB = { inputCostPerMillion: 3, outputCostPerMillion: 15 };
const tiered = {
  inputCostPerMillion: 1.25,
  outputCostPerMillion: 10,
  tiers: [{ aboveTokens: 200_000, inputCostPerMillion: 2.5, outputCostPerMillion: 15 }],
};
const search: ToolMetrics = { amount: 0.005, currency: 'USD', costDescription: 'per query' };
const free: ToolMetrics = { amount: 0, currency: 'USD' };

interface RunCase {
  readonly name: string;
  readonly modelCost?: ModelCosts;
  readonly computeCost?: ComputeCost;
  readonly calls: readonly { model: string; usage: Usage }[];
  readonly tools?: readonly { name: string; metrics?: ToolMetrics; failed?: boolean }[];
  readonly durationMs?: number;
  readonly expected: {
    readonly input: number;
    readonly cached?: number;
    readonly output: number;
    readonly reasoning?: number;
    readonly model: number;
    readonly tools?: number;
    readonly compute?: number;
    readonly total: number;
    readonly byModel?: Readonly<Record<string, number>>;
    readonly unpriced?: readonly string[];
  };
}

// Hand-computed: tokens × rate / 1 000 000; compute = seconds × costPerSecond.
const runs: RunCase[] = [
  {
    name: 'two models in one run, each at its own price',
    modelCost: { 'model-a': modelA, 'model-b': modelB },
    calls: [
      { model: 'model-a', usage: usage(1_000, 500) }, // 0.0025 + 0.005
      { model: 'model-b', usage: usage(2_000, 100) }, // 0.006 + 0.0015
    ],
    expected: {
      input: 0.0085,
      output: 0.0065,
      model: 0.015,
      total: 0.015,
      byModel: { 'model-a': 0.0075, 'model-b': 0.0075 },
    },
  },
  {
    name: 'tiers per request: two 150k prompts stay on the base rate although 300k in total',
    modelCost: tiered,
    calls: [
      { model: 'gemini', usage: usage(150_000, 1_000) }, // 0.1875 + 0.01
      { model: 'gemini', usage: usage(150_000, 1_000) },
    ],
    expected: { input: 0.375, output: 0.02, model: 0.395, total: 0.395 },
  },
  {
    name: 'tiers per request: only the request above the threshold pays the tier',
    modelCost: tiered,
    calls: [
      { model: 'gemini', usage: usage(200_000, 1_000) }, // 0.25 + 0.01
      { model: 'gemini', usage: usage(200_001, 1_000) }, // 0.5000025 + 0.015
    ],
    expected: { input: 0.7500025, output: 0.025, model: 0.7750025, total: 0.7750025 },
  },
  {
    name: 'cached and reasoning tokens across a run',
    modelCost: {
      inputCostPerMillion: 2,
      outputCostPerMillion: 8,
      cachedInputCostPerMillion: 0.5,
      reasoningCostPerMillion: 8,
    },
    calls: [
      // input (10000 − 6000) × 2 = 0.008; cached 6000 × 0.5 = 0.003; output 500 × 8 = 0.004; reasoning 1500 × 8 = 0.012
      { model: 'o', usage: usage(10_000, 2_000, { cachedTokens: 6_000, reasoningTokens: 1_500 }) },
      // input 1000 × 2 = 0.002; output 1000 × 8 = 0.008
      { model: 'o', usage: usage(1_000, 1_000) },
    ],
    expected: {
      input: 0.01,
      cached: 0.003,
      output: 0.012,
      reasoning: 0.012,
      model: 0.037,
      total: 0.037,
    },
  },
  {
    name: 'compute per second of wall time',
    modelCost: modelA,
    computeCost: { costPerSecond: 0.0002 },
    calls: [{ model: 'model-a', usage: usage(1_000, 500) }], // 0.0075
    durationMs: 90_000, // 90 s × 0.0002 = 0.018
    expected: { input: 0.0025, output: 0.005, model: 0.0075, compute: 0.018, total: 0.0255 },
  },
  {
    name: 'tools billed per successful call',
    tools: [
      { name: 'search', metrics: search },
      { name: 'search', metrics: search },
      { name: 'search', metrics: search, failed: true },
      { name: 'calculator', metrics: free },
      { name: 'untracked' },
    ],
    calls: [],
    expected: { input: 0, output: 0, model: 0, tools: 0.01, total: 0.01 },
  },
  {
    name: 'an unpriced model contributes nothing and is listed',
    modelCost: { 'model-a': modelA },
    calls: [
      { model: 'model-a', usage: usage(1_000, 500) },
      { model: 'mystery', usage: usage(1_000_000, 1_000_000) },
    ],
    expected: {
      input: 0.0025,
      output: 0.005,
      model: 0.0075,
      total: 0.0075,
      byModel: { 'model-a': 0.0075, mystery: 0 },
      unpriced: ['mystery'],
    },
  },
  {
    name: 'everything at once: models, tools and compute',
    modelCost: { 'model-a': modelA, 'model-b': modelB },
    computeCost: { costPerSecond: 0.001 },
    calls: [
      { model: 'model-a', usage: usage(4_000, 1_000) }, // 0.01 + 0.01
      { model: 'model-b', usage: usage(1_000, 1_000) }, // 0.003 + 0.015
    ],
    tools: [{ name: 'search', metrics: search }],
    durationMs: 2_500, // 2.5 s × 0.001 = 0.0025
    expected: {
      input: 0.013,
      output: 0.025,
      model: 0.038,
      tools: 0.005,
      compute: 0.0025,
      total: 0.0455,
    },
  },
];

describe('Overview cost summary', () => {
  it.each(runs)('$name', (run) => {
    const time = clock();
    const overview = new Overview({
      ...(run.modelCost === undefined ? {} : { modelCost: run.modelCost }),
      ...(run.computeCost === undefined ? {} : { computeCost: run.computeCost }),
      now: time.now,
    });
    for (const call of run.calls) {
      overview.recordRequest(request(call.model));
      overview.recordResponse(response(call.model, call.usage), request(call.model));
    }
    for (const tool of run.tools ?? []) {
      overview.recordToolCall({
        name: tool.name,
        durationMs: 5,
        ...(tool.metrics === undefined ? {} : { metrics: tool.metrics }),
        ...(tool.failed === undefined ? {} : { failed: tool.failed }),
      });
    }
    time.advance(run.durationMs ?? 0);
    overview.end();

    const summary = overview.costSummary();
    const expected = run.expected;
    expect(summary.modelInputCost).toBeCloseTo(expected.input, 9);
    expect(summary.modelCachedCost).toBeCloseTo(expected.cached ?? 0, 9);
    expect(summary.modelOutputCost).toBeCloseTo(expected.output, 9);
    expect(summary.modelReasoningCost).toBeCloseTo(expected.reasoning ?? 0, 9);
    expect(summary.totalModelCost).toBeCloseTo(expected.model, 9);
    expect(summary.totalToolCost).toBeCloseTo(expected.tools ?? 0, 9);
    expect(summary.computeCost).toBeCloseTo(expected.compute ?? 0, 9);
    expect(summary.totalCost).toBeCloseTo(expected.total, 9);
    expect(overview.totalCost()).toBeCloseTo(expected.total, 9);
    expect(summary.executionDurationSeconds).toBeCloseTo((run.durationMs ?? 0) / 1000, 9);
    expect(summary.unpricedModels).toEqual(expected.unpriced ?? []);
    expect(summary.unpricedCalls).toBe(expected.unpriced?.length ?? 0);
    expect(summary.complete).toBe(expected.unpriced === undefined);
    expect(summary.currency).toBe('USD');
    for (const [model, total] of Object.entries(expected.byModel ?? {})) {
      expect(summary.byModel[model]?.totalCost).toBeCloseTo(total, 9);
    }
  });

  it('breaks costs and tokens down by model', () => {
    const overview = new Overview({ modelCost: { 'model-a': modelA } });
    overview.recordResponse(response('model-a', usage(1_000, 500, { cachedTokens: 100 })));
    overview.recordResponse(response('model-a', usage(3_000, 500)));
    overview.recordResponse(response('mystery', usage(10, 10)));
    const { byModel } = overview.costSummary();
    expect(byModel['model-a']).toEqual({
      requests: 2,
      promptTokens: 4_000,
      completionTokens: 1_000,
      cachedTokens: 100,
      cacheWriteTokens: 0,
      reasoningTokens: 0,
      inputCost: expect.closeTo(0.01, 9),
      outputCost: expect.closeTo(0.01, 9),
      cachedCost: 0,
      cacheWriteCost: 0,
      reasoningCost: 0,
      totalCost: expect.closeTo(0.02, 9),
      priced: true,
      unpricedRequests: 0,
      priceSources: [{ source: 'application' }],
    });
    expect(byModel.mystery?.priced).toBe(false);
    expect(byModel.mystery?.totalCost).toBe(0);
  });

  it("prices by the request's model, falling back to the response's", () => {
    const overview = new Overview({ modelCost: { 'gpt-4o': modelA } });
    // The API answers with a dated model name; the price is configured for the requested one.
    overview.recordResponse(response('gpt-4o-2024-08-06', usage(1_000, 0)), request('gpt-4o'));
    // Without the request, the response's model is looked up.
    overview.recordResponse(response('gpt-4o', usage(1_000, 0)));
    const summary = overview.costSummary();
    expect(Object.keys(summary.byModel)).toEqual(['gpt-4o']);
    expect(summary.totalModelCost).toBeCloseTo(0.005, 9);
  });
});

describe('Overview records', () => {
  it('keeps requests, responses, last response, usage and tool stats', () => {
    const overview = new Overview();
    const first = response('m', usage(10, 5, { reasoningTokens: 2 }), 'r1');
    const second = response('m', usage(20, 5, { cachedTokens: 4 }), 'r2');
    overview.recordRequest(request('m'));
    overview.recordResponse(first);
    overview.recordRequest(request('m'));
    overview.recordResponse(second);
    overview.recordResponse(response('m', undefined, 'r3'));
    overview.recordToolCall({ name: 'search', durationMs: 12 });
    overview.recordToolCall({ name: 'search', durationMs: 3, failed: true });
    expect(overview.requests).toHaveLength(2);
    expect(overview.responses.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    expect(overview.lastResponse?.id).toBe('r3');
    expect(overview.totalUsage).toEqual({
      promptTokens: 30,
      completionTokens: 10,
      totalTokens: 40,
      reasoningTokens: 2,
      cachedTokens: 4,
    });
    expect(overview.toolCallStats).toEqual({ search: 2 });
    expect(overview.toolCosts).toEqual({});
    expect(overview.costSummary().toolExecutionCount).toEqual({ search: 2 });
  });

  it('leaves unreported counts undefined in totalUsage', () => {
    const overview = new Overview();
    overview.recordResponse(response('m', usage(1, 1)));
    expect(overview.totalUsage).toEqual({ promptTokens: 1, completionTokens: 1, totalTokens: 2 });
  });

  it('measures the duration until end(), and until now before it', () => {
    const time = clock();
    const overview = new Overview({ now: time.now, computeCost: { costPerSecond: 1 } });
    expect(overview.executionStartTime.getTime()).toBe(time.now());
    expect(overview.executionEndTime).toBeUndefined();
    time.advance(1_500);
    expect(overview.executionDuration()).toBe(1_500);
    expect(overview.costSummary().computeCost).toBeCloseTo(1.5, 9);
    overview.end();
    time.advance(10_000);
    overview.end(); // idempotent
    expect(overview.executionDuration()).toBe(1_500);
    expect(overview.executionEndTime?.getTime()).toBe(
      overview.executionStartTime.getTime() + 1_500,
    );
  });

  it('counts the run time of earlier parts of the execution, never a bad value', () => {
    const time = clock();
    const overview = new Overview({ now: time.now, computeCost: { costPerSecond: 1 } });
    overview.addPriorDuration(2_000);
    overview.addPriorDuration(500);
    time.advance(1_000);
    overview.end();
    expect(overview.executionDuration()).toBe(3_500);
    expect(overview.costSummary().computeCost).toBeCloseTo(3.5, 9);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, '5']) {
      expect(() => overview.addPriorDuration(bad as number)).toThrow(
        expect.objectContaining({ argument: 'durationMs' }),
      );
    }
  });

  it('loses no record when parallel work records across awaits', async () => {
    const overview = new Overview({ modelCost: modelA });
    const worker = async (index: number): Promise<void> => {
      for (let i = 0; i < 50; i++) {
        overview.recordRequest(request('m'));
        await Promise.resolve();
        overview.recordResponse(response('m', usage(100, 10), `${index}-${i}`));
        await new Promise<void>((resolve) => setImmediate(resolve));
        overview.recordToolCall({ name: `tool-${index % 3}`, durationMs: 1, metrics: search });
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, index) => worker(index)));
    expect(overview.requests).toHaveLength(400);
    expect(overview.responses).toHaveLength(400);
    expect(overview.totalUsage.promptTokens).toBe(40_000);
    expect(Object.values(overview.toolCallStats).reduce((a, b) => a + b, 0)).toBe(400);
    // 400 × (100 × 2.5 + 10 × 10) / 1e6 = 0.14; tools 400 × 0.005 = 2
    expect(overview.costSummary().totalModelCost).toBeCloseTo(0.14, 9);
    expect(overview.costSummary().totalToolCost).toBeCloseTo(2, 9);
  });

  it('merges another overview (a graph node) into this one', () => {
    const graph = new Overview({ modelCost: { a: modelA, b: modelB } });
    const node = new Overview({ modelCost: { b: modelB } });
    graph.recordResponse(response('a', usage(1_000, 500), 'g1'));
    node.recordRequest(request('b'));
    node.recordResponse(response('b', usage(2_000, 100), 'n1'));
    node.recordToolCall({ name: 'search', durationMs: 1, metrics: search });
    graph.merge(node);
    expect(graph.requests).toHaveLength(1);
    expect(graph.responses.map((r) => r.id)).toEqual(['g1', 'n1']);
    expect(graph.lastResponse?.id).toBe('n1');
    expect(graph.totalUsage.promptTokens).toBe(3_000);
    expect(graph.toolCallStats).toEqual({ search: 1 });
    const summary = graph.costSummary();
    expect(summary.byModel.a?.totalCost).toBeCloseTo(0.0075, 9);
    expect(summary.byModel.b?.totalCost).toBeCloseTo(0.0075, 9);
    expect(summary.totalCost).toBeCloseTo(0.02, 9);
    expect(() => graph.merge(graph)).toThrow(ValidationError);
  });

  it('never adds amounts of another currency to the totals', () => {
    const overview = new Overview({ modelCost: { ...modelA, currency: 'EUR' } });
    overview.recordResponse(response('m', usage(1_000_000, 0)));
    overview.recordToolCall({ name: 'search', durationMs: 1, metrics: search });
    overview.recordToolCall({
      name: 'translate',
      durationMs: 1,
      metrics: { amount: 1, currency: 'EUR' },
    });
    const summary = overview.costSummary();
    expect(summary.currency).toBe('EUR');
    expect(summary.totalModelCost).toBeCloseTo(2.5, 9);
    expect(summary.toolCosts).toEqual({ translate: 1 });
    expect(summary.totalCost).toBeCloseTo(3.5, 9);
    expect(overview.costsInOtherCurrencies()).toEqual([
      { source: 'tool', name: 'search', currency: 'USD', amount: 0.005 },
    ]);
  });

  it('takes the currency of the first tool cost when no model price is set', () => {
    const overview = new Overview();
    overview.recordToolCall({ name: 'a', durationMs: 1, metrics: { amount: 2, currency: 'GBP' } });
    expect(overview.costSummary().currency).toBe('GBP');
    expect(new Overview().costSummary().currency).toBe('USD');
  });

  it('serialises to JSON and carries typed data as a StructuredOverview', () => {
    const overview = new Overview({ modelCost: modelA });
    overview.recordResponse(response('m', usage(1_000, 0)));
    const structured = toStructuredOverview(overview, { answer: 42 });
    expect(structured.data.answer).toBe(42);
    expect(structured).toBe(overview);
    expect(() => toStructuredOverview(overview, 1)).toThrow(ValidationError);
    const json = JSON.parse(JSON.stringify(structured));
    expect(json.totalUsage.promptTokens).toBe(1_000);
    expect(json.costSummary.totalModelCost).toBeCloseTo(0.0025, 9);
    expect(typeof json.executionStartTime).toBe('string');
  });

  it('validates its arguments', () => {
    expect(() => new Overview({ modelCost: { inputCostPerMillion: -1 } as never })).toThrow(
      /modelCost\.inputCostPerMillion/,
    );
    expect(() => new Overview({ computeCost: { costPerSecond: Number.NaN } })).toThrow(
      /computeCost\.costPerSecond/,
    );
    const overview = new Overview();
    expect(() => overview.recordResponse(null as never)).toThrow(/response/);
    expect(() => overview.recordToolCall({ name: '', durationMs: 1 })).toThrow(/call\.name/);
    expect(() => overview.recordToolCall({ name: 'x', durationMs: -1 })).toThrow(/durationMs/);
    expect(() =>
      overview.recordToolCall({
        name: 'x',
        durationMs: 1,
        metrics: { amount: -1, currency: 'USD' },
      }),
    ).toThrow(/call\.metrics\.amount/);
  });
});
