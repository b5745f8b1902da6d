import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import { defineTool } from '../tools/define-tool.js';
import { copyRunState } from './run-state.js';

function failure(value: unknown): ValidationError {
  try {
    copyRunState(value);
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('copyRunState', () => {
  it('copies a JSON object deeply, leaving undefined properties out', () => {
    const state = {
      plan: { tasks: [{ id: 1, done: false, note: null }] },
      step: 'x',
      gone: undefined,
    };
    const copy = copyRunState(state);
    expect(copy).toEqual({ plan: { tasks: [{ id: 1, done: false, note: null }] }, step: 'x' });
    expect(copy.plan).not.toBe(state.plan);
    expect(Object.keys(copy)).toEqual(['plan', 'step']);
  });

  it('allows a shared (acyclic) value twice', () => {
    const shared = { a: 1 };
    expect(copyRunState({ one: shared, two: [shared] })).toEqual({
      one: { a: 1 },
      two: [{ a: 1 }],
    });
  });

  it('names the first value that is not JSON by its path', () => {
    expect(failure({ plan: { tasks: [{ due: () => 1 }] } })).toMatchObject({
      argument: 'state.plan.tasks[0].due',
      message: expect.stringContaining('is a function, not JSON'),
    });
    const cyclic: Record<string, unknown> = { a: {} };
    (cyclic.a as Record<string, unknown>).back = cyclic;
    expect(failure(cyclic)).toMatchObject({ argument: 'state.a.back' });
    expect(failure({ when: new Date(0) })).toMatchObject({
      argument: 'state.when',
      message: expect.stringContaining('a Date, not a plain JSON object'),
    });
    expect(failure({ n: Number.NaN }).argument).toBe('state.n');
    expect(failure({ big: 1n }).argument).toBe('state.big');
    expect(failure({ list: [1, undefined] }).argument).toBe('state.list[1]');
    expect(failure({ 'a key': Symbol('s') }).argument).toBe('state["a key"]');
  });

  it('refuses what is not an object, under the argument name given', () => {
    expect(failure([1]).argument).toBe('state');
    expect(failure(null).argument).toBe('state');
    expect(() => copyRunState('x', 'options.state')).toThrow(
      expect.objectContaining({ argument: 'options.state' }),
    );
  });

  it('keeps a "__proto__" key as data, never as a prototype', () => {
    const copy = copyRunState(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe('ctx.state and ctx.steer outside an agent run', () => {
  it('a direct call gets an empty state of its own and a steer that answers finished', async () => {
    const seen: unknown[] = [];
    const tool = defineTool({
      name: 'probe',
      description: 'Looks at its context',
      execute: (_input, ctx) => {
        ctx.state.count = 1;
        seen.push(ctx.state, ctx.steer('hello'));
        return 'ok';
      },
    });
    await tool.call('{}');
    expect(seen).toEqual([{ count: 1 }, 'finished']);
    const state = { count: 41 };
    const steered: unknown[] = [];
    await tool.call('{}', {
      state,
      steer: (message) => {
        steered.push(message);
        return 'queued';
      },
    });
    expect(state.count).toBe(1);
    expect(steered).toEqual(['hello']);
    expect(seen.at(-1)).toBe('queued');
  });
});
