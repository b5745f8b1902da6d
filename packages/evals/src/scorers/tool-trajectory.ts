import { ValidationError } from '@aigo/ai';
import type { EvalCase } from '../dataset/eval-case.js';
import type { ToolCallRecord } from '../task/task-types.js';
import { checkOptions, named } from './check-options.js';
import type { Scorer } from './scorer-types.js';
import { deepEqual } from './text.js';

/**
 * What an argument must be: a value (deeply equal; objects match partially, key by key), a RegExp
 * (tested on a string), or a function returning true for a good value.
 */
export type ArgumentMatcher =
  | RegExp
  | ((value: unknown) => boolean)
  | string
  | number
  | boolean
  | null
  | readonly ArgumentMatcher[]
  | { readonly [key: string]: ArgumentMatcher };

/** An expected tool call: its name, or its name and what its arguments must hold. */
export type ExpectedToolCall =
  | string
  | { readonly name: string; readonly args?: { readonly [key: string]: ArgumentMatcher } };

/** Options of `toolTrajectory`. */
export interface ToolTrajectoryOptions {
  /**
   * The calls expected, or a function of the case giving them. Default: the case's
   * `expected.tools` (when `expected` is an object) or `metadata.tools`.
   */
  readonly tools?:
    | readonly ExpectedToolCall[]
    | ((evalCase: EvalCase) => readonly ExpectedToolCall[]);
  /**
   * `ordered` (the default): the expected calls happen in this order, other calls between them
   * allowed. `exact`: the calls are exactly these, in this order. `set`: each happens, in any order.
   */
  readonly order?: 'ordered' | 'exact' | 'set';
}

/**
 * Did the run call the tools it should have? The score is the share of expected calls matched
 * (for `exact`, of positions that match, over the longer of the two lists); passes at 1.
 *
 * @example
 * toolTrajectory({ tools: ['search', { name: 'fetch', args: { url: /^https:/ } }] })
 *
 * @throws ValidationError for bad options.
 */
export function toolTrajectory(options?: ToolTrajectoryOptions): Scorer {
  const checked = checkOptions('toolTrajectory', options, ['tools', 'order']);
  const order = checked.order ?? 'ordered';
  if (order !== 'ordered' && order !== 'exact' && order !== 'set') {
    throw new ValidationError(
      'toolTrajectory.options.order',
      "must be 'ordered', 'exact' or 'set'",
    );
  }
  const source = checked.tools as ToolTrajectoryOptions['tools'];
  if (source !== undefined && typeof source !== 'function')
    checkExpected(source, 'toolTrajectory.options.tools');
  return named('toolTrajectory', (evalCase, _output, run) => {
    let expected: readonly ExpectedToolCall[];
    try {
      expected =
        source === undefined
          ? checkExpected(expectedOfCase(evalCase), 'expected.tools')
          : typeof source === 'function'
            ? checkExpected(source(evalCase), 'tools(case)')
            : source;
    } catch (error) {
      return { score: 0, pass: false, reason: (error as Error).message };
    }
    const calls = run.toolCalls;
    const matched =
      order === 'exact'
        ? matchExact(expected, calls)
        : order === 'set'
          ? matchSet(expected, calls)
          : matchOrdered(expected, calls);
    const total = order === 'exact' ? Math.max(expected.length, calls.length) : expected.length;
    const score = total === 0 ? 1 : matched / total;
    if (score === 1) return { score, pass: true };
    const made = calls.map((call) => call.name).join(', ') || 'none';
    const wanted = expected.map((call) => (typeof call === 'string' ? call : call.name)).join(', ');
    return { score, pass: false, reason: `expected ${order} [${wanted}], called [${made}]` };
  });
}

function expectedOfCase(evalCase: EvalCase): unknown {
  const expected = evalCase.expected as { tools?: unknown } | undefined;
  if (expected !== null && typeof expected === 'object' && expected.tools !== undefined)
    return expected.tools;
  const fromMetadata = evalCase.metadata?.tools;
  if (fromMetadata !== undefined) return fromMetadata;
  throw new ValidationError(
    'expected.tools',
    'the case names no expected tools (expected.tools or metadata.tools)',
  );
}

function checkExpected(value: unknown, name: string): readonly ExpectedToolCall[] {
  if (!Array.isArray(value))
    throw new ValidationError(name, 'must be an array of tool names or { name, args? }');
  for (const [index, call] of value.entries()) {
    if (typeof call === 'string' && call !== '') continue;
    if (
      call !== null &&
      typeof call === 'object' &&
      typeof call.name === 'string' &&
      call.name !== ''
    )
      continue;
    throw new ValidationError(`${name}[${index}]`, 'must be a tool name or { name, args? }');
  }
  return value as readonly ExpectedToolCall[];
}

function matches(expected: ExpectedToolCall, call: ToolCallRecord): boolean {
  if (typeof expected === 'string') return call.name === expected;
  if (call.name !== expected.name) return false;
  return expected.args === undefined || matchValue(expected.args, call.arguments);
}

/** Whether `value` satisfies `matcher` (objects partially, arrays element by element). */
export function matchValue(matcher: ArgumentMatcher | undefined, value: unknown): boolean {
  if (typeof matcher === 'function') return matcher(value) === true;
  if (matcher instanceof RegExp) {
    matcher.lastIndex = 0;
    return typeof value === 'string' && matcher.test(value);
  }
  if (Array.isArray(matcher)) {
    return (
      Array.isArray(value) &&
      value.length === matcher.length &&
      matcher.every((item, index) => matchValue(item, value[index]))
    );
  }
  if (matcher !== null && typeof matcher === 'object') {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    return Object.entries(matcher).every(([key, inner]) =>
      matchValue(inner, (value as Record<string, unknown>)[key]),
    );
  }
  return deepEqual(matcher, value);
}

function matchOrdered(
  expected: readonly ExpectedToolCall[],
  calls: readonly ToolCallRecord[],
): number {
  let matched = 0;
  let position = 0;
  for (const want of expected) {
    let found = -1;
    for (let index = position; index < calls.length; index++) {
      if (matches(want, calls[index] as ToolCallRecord)) {
        found = index;
        break;
      }
    }
    if (found < 0) continue;
    matched++;
    position = found + 1;
  }
  return matched;
}

function matchSet(expected: readonly ExpectedToolCall[], calls: readonly ToolCallRecord[]): number {
  const used = new Set<number>();
  let matched = 0;
  for (const want of expected) {
    const index = calls.findIndex((call, at) => !used.has(at) && matches(want, call));
    if (index < 0) continue;
    used.add(index);
    matched++;
  }
  return matched;
}

function matchExact(
  expected: readonly ExpectedToolCall[],
  calls: readonly ToolCallRecord[],
): number {
  let matched = 0;
  for (let index = 0; index < Math.min(expected.length, calls.length); index++) {
    if (matches(expected[index] as ExpectedToolCall, calls[index] as ToolCallRecord)) matched++;
  }
  return matched;
}
