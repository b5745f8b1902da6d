import type { GateVerdict } from '../gate/evaluate-gate.js';
import type { CliIo } from './cli-io.js';

/** Prints a gate's verdict on an experiment: each comparison with its figures, then the outcome. */
export function printVerdict(
  io: CliIo,
  name: string,
  expression: string,
  verdict: GateVerdict,
): void {
  const lines = verdict.checks.map(
    (check) =>
      `  ${check.holds ? '✗' : '✓'} ${check.text}  (${round(check.actual)} vs ${round(check.threshold)})`,
  );
  const outcome = verdict.failed ? 'FAILED' : 'passed';
  io.stdout.write(`gate ${outcome} for ${name}: --fail-if "${expression}"\n${lines.join('\n')}\n`);
}

function round(value: number): string {
  return String(Number(value.toPrecision(4)));
}
