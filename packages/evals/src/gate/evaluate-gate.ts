import { ValidationError } from '@aigo/ai';
import type { ExperimentResult } from '../experiment/experiment-result.js';
import { type GateExpression, type GateMetric, parseFailIf } from './fail-if.js';

/** One comparison of a gate, evaluated. */
export interface GateCheck {
  /** The comparison as written (`cost > 1.2x`). */
  readonly text: string;
  /** The experiment's figure. */
  readonly actual: number;
  /** What it was compared with (the baseline's figure times the factor, for `x`). */
  readonly threshold: number;
  /** True when the comparison holds: the fail condition is met. */
  readonly holds: boolean;
}

/** A `--fail-if` expression evaluated on an experiment. */
export interface GateVerdict {
  /** True when the expression holds: the experiment fails the gate. */
  readonly failed: boolean;
  /** Every comparison, in the order written. */
  readonly checks: readonly GateCheck[];
}

/**
 * Evaluates a `--fail-if` expression (see `parseFailIf`) on an experiment's result, with `baseline`
 * for the relative (`x`) figures.
 *
 * @throws ValidationError for an expression that cannot be parsed, a metric the experiment does not
 *   have, or a relative figure without a baseline.
 */
export function evaluateFailIf(
  expression: string | GateExpression,
  result: ExperimentResult,
  baseline?: ExperimentResult,
): GateVerdict {
  const parsed = typeof expression === 'string' ? parseFailIf(expression) : expression;
  const checks: GateCheck[] = [];
  const evaluate = (node: GateExpression): boolean => {
    switch (node.kind) {
      case 'or':
        return node.items.map(evaluate).some(Boolean);
      case 'and':
        return node.items.map(evaluate).every(Boolean);
      case 'not':
        return !evaluate(node.item);
      case 'compare': {
        const actual = metricOf(result, node.metric, 'the experiment');
        let threshold = node.value;
        if (node.relative) {
          if (baseline === undefined) {
            throw new ValidationError(
              'failIf',
              `"${node.text}" compares with the baseline, and there is none (--baseline)`,
            );
          }
          threshold = node.value * metricOf(baseline, node.metric, 'the baseline');
        }
        const holds = compare(actual, node.operator, threshold);
        checks.push({ text: node.text, actual, threshold, holds });
        return holds;
      }
    }
  };
  return { failed: evaluate(parsed), checks };
}

/**
 * The figure of a gate metric in a result.
 *
 * @throws ValidationError for a scorer the result does not have.
 */
export function metricOf(result: ExperimentResult, metric: GateMetric, whose: string): number {
  const { aggregates } = result;
  if (metric.field === undefined) {
    switch (metric.name) {
      case 'cost':
        return aggregates.cost.total;
      case 'costPerCase':
        return aggregates.cost.perCase;
      case 'p50':
        return aggregates.latency.p50;
      case 'p95':
        return aggregates.latency.p95;
      case 'errors':
        return aggregates.errors;
    }
  }
  const scorer = aggregates.scorers[metric.name];
  if (scorer === undefined) {
    const known = Object.keys(aggregates.scorers).join(', ');
    throw new ValidationError(
      'failIf',
      `${whose} (${result.name}) has no scorer "${metric.name}" (it has ${known || 'none'}; metrics: cost, costPerCase, p50, p95, errors)`,
    );
  }
  return metric.field === 'passRate' ? scorer.passRate : scorer.mean;
}

function compare(actual: number, operator: string, threshold: number): boolean {
  switch (operator) {
    case '<':
      return actual < threshold;
    case '<=':
      return actual <= threshold;
    case '>':
      return actual > threshold;
    case '>=':
      return actual >= threshold;
    case '==':
      return actual === threshold;
    default:
      return actual !== threshold;
  }
}
