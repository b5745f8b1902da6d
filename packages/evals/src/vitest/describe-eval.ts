import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { AigoError, ValidationError } from '@aigo/ai';
import type { ExperimentOptions } from '../experiment/experiment-options.js';
import type { ExperimentResult } from '../experiment/experiment-result.js';
import { readExperimentResult } from '../experiment/read-experiment.js';
import { runExperiment } from '../experiment/run-experiment.js';
import { evaluateFailIf } from '../gate/evaluate-gate.js';
import { type GateExpression, parseFailIf } from '../gate/fail-if.js';
import { formatExperiment } from '../report/format-experiment.js';

/** Options of `describeEval`: an experiment's, plus its gate. */
export interface DescribeEvalOptions<I = unknown, E = unknown, O = unknown>
  extends ExperimentOptions<I, E, O> {
  /** A `--fail-if` expression: the test fails when it holds. Default `errors > 0`. */
  readonly failIf?: string;
  /** The baseline for relative figures (`cost > 1.2x`): a result, or the path of a result file. */
  readonly baseline?: ExperimentResult | string;
  /** The test's timeout in milliseconds. Default 120,000. */
  readonly testTimeoutMs?: number;
}

interface VitestApi {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>, timeout?: number): void;
}

/**
 * Declares a vitest suite that runs an experiment and fails when its gate holds, for teams that
 * keep evals with their tests. The failure message has the experiment's table and each check of
 * the gate. vitest (an optional peer) is loaded when this is called, so importing `@aigo/evals`
 * never needs it.
 *
 * @example
 * describeEval('triage', {
 *   name: 'triage', dataset, task: (env) => task(makeAgent(env)), scorers: { accuracy: exactMatch() },
 *   replay: 'evals/recordings/triage', failIf: 'accuracy < 0.9',
 * });
 *
 * @throws ValidationError for a gate that does not parse; AigoError `unsupported` without vitest.
 */
export function describeEval<I, E, O>(name: string, options: DescribeEvalOptions<I, E, O>): void {
  if (typeof name !== 'string' || name === '')
    throw new ValidationError('name', 'must be a non-empty string');
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  const { failIf = 'errors > 0', baseline, testTimeoutMs = 120_000, ...experiment } = options;
  const gate = parseFailIf(failIf);
  if (!Number.isFinite(testTimeoutMs) || testTimeoutMs <= 0) {
    throw new ValidationError('options.testTimeoutMs', 'must be a positive number');
  }
  const { describe, it } = loadVitest();
  const body = evalGate(experiment as ExperimentOptions<I, E, O>, failIf, gate, baseline);
  describe(name, () => {
    it(`${experiment.name}: not (${failIf})`, body, testTimeoutMs);
  });
}

/**
 * The body of `describeEval`'s test: runs the experiment and throws when the gate holds, with the
 * experiment's table and each check in the message.
 */
export function evalGate<I, E, O>(
  experiment: ExperimentOptions<I, E, O>,
  failIf: string,
  gate: GateExpression,
  baseline: ExperimentResult | string | undefined,
): () => Promise<void> {
  return async () => {
    const result = await runExperiment(experiment);
    const base = typeof baseline === 'string' ? await readExperimentResult(baseline) : baseline;
    const verdict = evaluateFailIf(gate, result, base);
    if (!verdict.failed) return;
    const checks = verdict.checks
      .map(
        (check) =>
          `  ${check.holds ? '✗' : '✓'} ${check.text}  (${check.actual} vs ${check.threshold})`,
      )
      .join('\n');
    throw new Error(`The gate "${failIf}" holds:\n${checks}\n\n${formatExperiment(result)}`);
  };
}

/**
 * vitest's own module — the ES module the test file imported, not its CommonJS stub (which throws):
 * its `import` entry resolved (`import.meta.resolve`) and loaded with `require`, which gives the
 * instance already loaded (Node ≥ 22.12 loads ES modules with `require`).
 */
function loadVitest(): VitestApi {
  try {
    const require = createRequire(import.meta.url);
    const entry =
      typeof import.meta.resolve === 'function'
        ? fileURLToPath(import.meta.resolve('vitest'))
        : require.resolve('vitest');
    return require(entry) as VitestApi;
  } catch (error) {
    throw new AigoError('unsupported', 'describeEval needs vitest: install vitest (^3.2 or ^4)', {
      cause: error,
    });
  }
}
