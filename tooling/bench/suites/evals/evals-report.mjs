// The evals section's rows in the bench report's summary table (area, figure, aigo, floor, ratio,
// control, target, verdict).
import { absoluteVerdict, num } from '../../runner/report/format.mjs';

const AREA = '@aigo/evals';

/** The summary rows of an evals result. */
export function evalsRows(r) {
  const { overhead, varied, big, targets, verdicts } = r;
  return [
    [
      AREA,
      'harness CPU added per case (no-op task, one scorer), scores all 1 / 0 and 1',
      `${num(overhead.addedUsPerCase, 2)} / ${num(varied.addedUsPerCase, 2)} µs`,
      `${num(overhead.floorUsPerCase, 2)} µs (task + scorer in a loop)`,
      '—',
      `${num(overhead.control, 2)} / ${num(varied.control, 2)}`,
      `< ${targets.harnessUsPerCase} µs`,
      absoluteVerdict(verdicts.harness && verdicts.harnessVaried),
    ],
    [
      AREA,
      `${num(big.cases)} no-op cases streamed to the results file, wall time`,
      `${num(big.wallSeconds, 2)} s`,
      '—',
      '—',
      '—',
      `< ${targets.bigRunSeconds} s`,
      absoluteVerdict(verdicts.bigRun),
    ],
    [
      AREA,
      'heap growth, 1,000th to 10,000th run (after GC)',
      `${num(big.heapGrowthMb, 2)} MB`,
      '—',
      '—',
      '—',
      `< ${targets.heapGrowthMb} MB`,
      absoluteVerdict(verdicts.heap),
    ],
  ];
}
