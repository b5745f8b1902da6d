import { type ModelCost, type Usage, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { calculateModelCost } from './calculate-model-cost.js';

const flash: ModelCost = {
  inputCostPerMillion: 1.25,
  outputCostPerMillion: 10,
  cachedInputCostPerMillion: 0.31,
  reasoningCostPerMillion: 12,
  tiers: [
    {
      aboveTokens: 200_000,
      inputCostPerMillion: 2.5,
      outputCostPerMillion: 15,
      cachedInputCostPerMillion: 0.625,
      reasoningCostPerMillion: 18,
    },
  ],
};

function usage(promptTokens: number, completionTokens: number, extra: Partial<Usage> = {}): Usage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens, ...extra };
}

interface Case {
  readonly name: string;
  readonly usage: Usage;
  readonly cost: ModelCost;
  readonly input: number;
  readonly cached: number;
  readonly output: number;
  readonly reasoning: number;
  readonly total: number;
  readonly tier?: number;
}

// Every figure below is worked out by hand: tokens × rate / 1 000 000.
const cases: Case[] = [
  {
    name: 'plain prompt and completion',
    usage: usage(1_000, 500),
    cost: { inputCostPerMillion: 2.5, outputCostPerMillion: 10 },
    input: 0.0025, // 1000 × 2.5
    cached: 0,
    output: 0.005, // 500 × 10
    reasoning: 0,
    total: 0.0075,
  },
  {
    name: 'cached tokens at the cached rate instead of the input rate',
    usage: usage(1_000, 500, { cachedTokens: 400 }),
    cost: { inputCostPerMillion: 2.5, outputCostPerMillion: 10, cachedInputCostPerMillion: 1.25 },
    input: 0.0015, // (1000 − 400) × 2.5
    cached: 0.0005, // 400 × 1.25
    output: 0.005,
    reasoning: 0,
    total: 0.007,
  },
  {
    name: 'cached tokens without a cached rate stay at the input rate',
    usage: usage(1_000, 500, { cachedTokens: 400 }),
    cost: { inputCostPerMillion: 3, outputCostPerMillion: 15 },
    input: 0.003, // 1000 × 3
    cached: 0,
    output: 0.0075, // 500 × 15
    reasoning: 0,
    total: 0.0105,
  },
  {
    name: 'reasoning tokens at the reasoning rate instead of the output rate',
    usage: usage(2_000, 3_000, { reasoningTokens: 1_000 }),
    cost: { inputCostPerMillion: 1, outputCostPerMillion: 4, reasoningCostPerMillion: 8 },
    input: 0.002, // 2000 × 1
    cached: 0,
    output: 0.008, // (3000 − 1000) × 4
    reasoning: 0.008, // 1000 × 8
    total: 0.018,
  },
  {
    name: 'reasoning tokens without a reasoning rate stay at the output rate',
    usage: usage(2_000, 3_000, { reasoningTokens: 1_000 }),
    cost: { inputCostPerMillion: 1, outputCostPerMillion: 4 },
    input: 0.002,
    cached: 0,
    output: 0.012, // 3000 × 4
    reasoning: 0,
    total: 0.014,
  },
  {
    name: 'a prompt of exactly the tier threshold stays on the base rates',
    usage: usage(200_000, 1_000),
    cost: flash,
    input: 0.25, // 200000 × 1.25
    cached: 0,
    output: 0.01, // 1000 × 10
    reasoning: 0,
    total: 0.26,
  },
  {
    name: 'one token above the threshold moves the whole call to the tier',
    usage: usage(200_001, 1_000),
    cost: flash,
    input: 0.5000025, // 200001 × 2.5
    cached: 0,
    output: 0.015, // 1000 × 15
    reasoning: 0,
    total: 0.5150025,
    tier: 200_000,
  },
  {
    name: 'tier with cached and reasoning tokens: every token billed once at the tier rates',
    usage: usage(300_000, 5_000, { cachedTokens: 100_000, reasoningTokens: 2_000 }),
    cost: flash,
    input: 0.5, // (300000 − 100000) × 2.5
    cached: 0.0625, // 100000 × 0.625
    output: 0.045, // (5000 − 2000) × 15
    reasoning: 0.036, // 2000 × 18
    total: 0.6435,
    tier: 200_000,
  },
  {
    name: "a tier without a cached rate falls back to the base model's",
    usage: usage(250_000, 0, { cachedTokens: 50_000 }),
    cost: {
      inputCostPerMillion: 1.25,
      outputCostPerMillion: 10,
      cachedInputCostPerMillion: 0.31,
      tiers: [{ aboveTokens: 200_000, inputCostPerMillion: 2.5, outputCostPerMillion: 15 }],
    },
    input: 0.5, // (250000 − 50000) × 2.5
    cached: 0.0155, // 50000 × 0.31
    output: 0,
    reasoning: 0,
    total: 0.5155,
    tier: 200_000,
  },
  {
    name: 'the highest matching tier wins whatever the list order',
    usage: usage(600_000, 10),
    cost: {
      inputCostPerMillion: 1,
      outputCostPerMillion: 4,
      tiers: [
        { aboveTokens: 500_000, inputCostPerMillion: 5, outputCostPerMillion: 20 },
        { aboveTokens: 100_000, inputCostPerMillion: 2, outputCostPerMillion: 8 },
      ],
    },
    input: 3, // 600000 × 5
    cached: 0,
    output: 0.0002, // 10 × 20
    reasoning: 0,
    total: 3.0002,
    tier: 500_000,
  },
  {
    name: 'counts beyond their whole are capped (cached > prompt)',
    usage: usage(100, 0, { cachedTokens: 150 }),
    cost: { inputCostPerMillion: 2, outputCostPerMillion: 8, cachedInputCostPerMillion: 1 },
    input: 0,
    cached: 0.0001, // 100 × 1
    output: 0,
    reasoning: 0,
    total: 0.0001,
  },
];

describe('calculateModelCost', () => {
  it.each(cases)('$name', (testCase) => {
    const result = calculateModelCost(testCase.usage, testCase.cost);
    expect(result.inputCost).toBeCloseTo(testCase.input, 9);
    expect(result.cachedCost).toBeCloseTo(testCase.cached, 9);
    expect(result.outputCost).toBeCloseTo(testCase.output, 9);
    expect(result.reasoningCost).toBeCloseTo(testCase.reasoning, 9);
    expect(result.totalCost).toBeCloseTo(testCase.total, 9);
    expect(result.tier?.aboveTokens).toBe(testCase.tier);
    expect(result.currency).toBe('USD');
  });

  it('bills cache writes once each, at the rate of their lifetime, beside cache reads', () => {
    // Claude Sonnet-like prices: input 3, cache read 0.3, 5-minute write 3.75, 1-hour write 6.
    const sonnet: ModelCost = {
      inputCostPerMillion: 3,
      outputCostPerMillion: 15,
      cachedInputCostPerMillion: 0.3,
      cacheWrite5mCostPerMillion: 3.75,
      cacheWrite1hCostPerMillion: 6,
    };
    // 10,000 prompt tokens: 6,000 read from the cache, 2,000 written for 5 minutes, 1,000 for an hour,
    // 1,000 plain input; 500 output tokens.
    const result = calculateModelCost(
      usage(10_000, 500, {
        cachedTokens: 6_000,
        cacheWrite5mTokens: 2_000,
        cacheWrite1hTokens: 1_000,
      }),
      sonnet,
    );
    expect(result.inputCost).toBeCloseTo(0.003, 12); // 1,000 × 3
    expect(result.cachedCost).toBeCloseTo(0.0018, 12); // 6,000 × 0.3
    expect(result.cacheWriteCost).toBeCloseTo(0.0075 + 0.006, 12); // 2,000 × 3.75 + 1,000 × 6
    expect(result.outputCost).toBeCloseTo(0.0075, 12); // 500 × 15
    expect(result.totalCost).toBeCloseTo(0.003 + 0.0018 + 0.0135 + 0.0075, 12);
    // Without write rates, written tokens are plain input: nothing is lost or billed twice.
    const plain = calculateModelCost(
      usage(10_000, 0, {
        cachedTokens: 6_000,
        cacheWrite5mTokens: 2_000,
        cacheWrite1hTokens: 1_000,
      }),
      { inputCostPerMillion: 3, outputCostPerMillion: 15, cachedInputCostPerMillion: 0.3 },
    );
    expect(plain.inputCost).toBeCloseTo(0.012, 12); // 4,000 × 3
    expect(plain.cacheWriteCost).toBe(0);
    // Writes beyond the prompt are capped: reads first, then 5-minute, then 1-hour writes.
    const capped = calculateModelCost(
      usage(1_000, 0, { cachedTokens: 600, cacheWrite5mTokens: 300, cacheWrite1hTokens: 300 }),
      sonnet,
    );
    expect(capped.inputCost).toBe(0);
    expect(capped.cacheWriteCost).toBeCloseTo((300 * 3.75 + 100 * 6) / 1e6, 12);
    expect(() => calculateModelCost(usage(1, 1, { cacheWrite1hTokens: -1 }), sonnet)).toThrow(
      /usage\.cacheWrite1hTokens/,
    );
    expect(() =>
      calculateModelCost(usage(1, 1), { ...sonnet, cacheWrite5mCostPerMillion: Number.NaN }),
    ).toThrow(/cost\.cacheWrite5mCostPerMillion/);
  });

  it('reports the price currency', () => {
    const result = calculateModelCost(usage(1_000_000, 0), {
      inputCostPerMillion: 2,
      outputCostPerMillion: 2,
      currency: 'EUR',
    });
    expect(result.currency).toBe('EUR');
    expect(result.totalCost).toBeCloseTo(2, 9);
  });

  it('validates usage and prices, naming the field', () => {
    const price = { inputCostPerMillion: 1, outputCostPerMillion: 1 };
    expect(() => calculateModelCost(null as never, price)).toThrow(ValidationError);
    expect(() => calculateModelCost(usage(-1, 0), price)).toThrow(/usage\.promptTokens/);
    expect(() => calculateModelCost(usage(1, 1, { cachedTokens: Number.NaN }), price)).toThrow(
      /usage\.cachedTokens/,
    );
    expect(() =>
      calculateModelCost(usage(1, 1), { inputCostPerMillion: -1, outputCostPerMillion: 1 }),
    ).toThrow(/cost\.inputCostPerMillion/);
    expect(() =>
      calculateModelCost(usage(1, 1), {
        ...price,
        tiers: [{ aboveTokens: 'many' as never, inputCostPerMillion: 1, outputCostPerMillion: 1 }],
      }),
    ).toThrow(/cost\.tiers\[0\]\.aboveTokens/);
  });
});
