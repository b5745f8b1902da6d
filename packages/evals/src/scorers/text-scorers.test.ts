import { ValidationError } from '@aigo/ai';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import type { EvalCase } from '../dataset/eval-case.js';
import { contains } from './contains.js';
import { exactMatch } from './exact-match.js';
import { fuzzyMatch, levenshtein, similarity } from './fuzzy-match.js';
import { jsonSchemaValid } from './json-schema-valid.js';
import { numericClose, toNumber } from './numeric-close.js';
import { regexMatch } from './regex-match.js';
import type { ScorerRun } from './scorer-types.js';

const RUN: ScorerRun = {
  runId: 'e/c/1',
  trial: 1,
  result: undefined,
  toolCalls: [],
  usage: undefined,
  cost: undefined,
  latencyMs: 10,
  signal: new AbortController().signal,
};

function of(expected?: unknown, input: unknown = 'question'): EvalCase {
  return expected === undefined ? { id: 'c', input } : { id: 'c', input, expected };
}

describe('exactMatch', () => {
  it('compares strings trimmed with whitespace collapsed, case as asked', async () => {
    expect(await exactMatch()(of('billing'), '  billing\n', RUN)).toEqual({ score: 1, pass: true });
    expect(await exactMatch()(of('Billing'), 'billing', RUN)).toMatchObject({
      score: 0,
      pass: false,
    });
    expect(await exactMatch({ ignoreCase: true })(of('Billing'), 'billing', RUN)).toMatchObject({
      score: 1,
    });
    expect(await exactMatch({ normalizeWhitespace: false })(of('a b'), 'a  b', RUN)).toMatchObject({
      score: 0,
    });
  });

  it('compares other values deeply, key order ignored, and says what differed', async () => {
    expect(await exactMatch()(of({ a: 1, b: [1, 2] }), { b: [1, 2], a: 1 }, RUN)).toMatchObject({
      score: 1,
    });
    expect(await exactMatch()(of(4), 5, RUN)).toEqual({
      score: 0,
      pass: false,
      reason: 'expected 4, got 5',
    });
    expect(await exactMatch()(of(), 'x', RUN)).toMatchObject({
      score: 0,
      reason: 'the case has no expected value',
    });
    expect(() => exactMatch({ strict: true } as never)).toThrow(/exactMatch\.options\.strict/);
  });
});

describe('fuzzyMatch', () => {
  it('scores 1 − edit distance ÷ longer length, case and spacing ignored', async () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(similarity('', '')).toBe(1);
    const scored = await fuzzyMatch()(
      of('The refund is on its way'),
      'the  refund is on its  way!',
      RUN,
    );
    expect(scored).toMatchObject({ pass: true });
    expect((scored as { score: number }).score).toBeCloseTo(1 - 1 / 25, 10);
    const far = await fuzzyMatch({ threshold: 0.9 })(of('kitten'), 'sitting', RUN);
    expect(far).toMatchObject({ pass: false, reason: 'similarity 0.57 < 0.9' });
    expect(() => fuzzyMatch({ threshold: 2 })).toThrow(ValidationError);
  });
});

describe('regexMatch', () => {
  it('tests the output with the pattern, or the expected value as one', async () => {
    expect(await regexMatch(/ev_\d+/g)(of(), 'see [ev_12]', RUN)).toEqual({ score: 1, pass: true });
    // A global pattern keeps no state between runs.
    expect(await regexMatch(/ev_\d+/g)(of(), 'see [ev_12]', RUN)).toEqual({ score: 1, pass: true });
    expect(await regexMatch('^\\d{3}$')(of(), '1234', RUN)).toMatchObject({ score: 0 });
    expect(await regexMatch()(of('^B-\\d+$'), 'B-7', RUN)).toMatchObject({ score: 1 });
    expect(await regexMatch()(of('('), 'x', RUN)).toMatchObject({
      score: 0,
      reason: expect.stringContaining('not a regular expression'),
    });
    expect(() => regexMatch('(')).toThrow(ValidationError);
  });
});

describe('numericClose', () => {
  it('reads the first number of a text and allows the tolerance', async () => {
    expect(toNumber('The total is 1,234.5 EUR')).toBe(1234.5);
    expect(toNumber('-3e2 units')).toBe(-300);
    expect(toNumber('none')).toBeUndefined();
    expect(await numericClose()(of(42), 'It is 42.', RUN)).toEqual({ score: 1, pass: true });
    expect(await numericClose({ tolerance: 0.5 })(of(10), 10.4, RUN)).toMatchObject({ score: 1 });
    expect(await numericClose({ relative: 0.01 })(of(1000), 1011, RUN)).toMatchObject({ score: 0 });
    expect(await numericClose({ relative: 0.02 })(of(1000), 1011, RUN)).toMatchObject({ score: 1 });
    expect(await numericClose()(of(1), 'no number', RUN)).toMatchObject({
      reason: 'the output holds no number',
    });
    expect(() => numericClose({ tolerance: -1 })).toThrow(ValidationError);
  });
});

describe('contains', () => {
  it('scores the share of texts found, case-insensitively unless asked', async () => {
    expect(
      await contains(['refund', '5 days'])(of(), 'Your REFUND arrives in 5 days.', RUN),
    ).toEqual({ score: 1, pass: true });
    expect(await contains(['refund', 'apology'])(of(), 'refund only', RUN)).toEqual({
      score: 0.5,
      pass: false,
      reason: 'missing "apology"',
    });
    expect(
      await contains(['refund', 'apology'], { all: false })(of(), 'refund only', RUN),
    ).toMatchObject({ pass: true });
    expect(await contains('Refund', { caseSensitive: true })(of(), 'refund', RUN)).toMatchObject({
      score: 0,
    });
    expect(await contains()(of(['a', 'b']), 'a b', RUN)).toMatchObject({ score: 1 });
    expect(await contains()(of(), 'x', RUN)).toMatchObject({ score: 0 });
    expect(() => contains([''])).toThrow(ValidationError);
  });
});

describe('jsonSchemaValid', () => {
  const schema = {
    type: 'object',
    properties: { category: { enum: ['billing', 'shipping'] } },
    required: ['category'],
  };

  it('parses a string output (a json fence allowed) and checks it against a JSON Schema', async () => {
    expect(
      await jsonSchemaValid(schema)(of(), '```json\n{"category":"billing"}\n```', RUN),
    ).toEqual({ score: 1, pass: true });
    expect(await jsonSchemaValid(schema)(of(), { category: 'other' }, RUN)).toMatchObject({
      score: 0,
      reason: expect.stringContaining('/category'),
    });
    expect(await jsonSchemaValid(schema)(of(), 'Sure! {"category": "billing"}', RUN)).toEqual({
      score: 0,
      pass: false,
      reason: 'the output is not JSON',
    });
  });

  it('takes a typebox schema too', async () => {
    const typed = Type.Object({ total: Type.Number() });
    expect(await jsonSchemaValid(typed)(of(), { total: 3 }, RUN)).toMatchObject({ score: 1 });
    expect(await jsonSchemaValid(typed)(of(), {}, RUN)).toMatchObject({
      score: 0,
      reason: '/total: is required',
    });
    expect(() => jsonSchemaValid(null as never)).toThrow(ValidationError);
  });
});
