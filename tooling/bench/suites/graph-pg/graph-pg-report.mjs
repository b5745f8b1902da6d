// The graph-pg bench's rows for the run's summary table, built from its result (no measuring here).
import { absoluteVerdict, num, ratioVerdict, times } from '../../runner/report/format.mjs';

/** The summary rows of the graph-pg section: checkpoint writes, a durable run, workers' scaling. */
export function graphPgRows(g) {
  if (g.skipped) {
    return [
      ['@aigo/graph-pg', 'checkpoints, workers', '—', '—', '—', '—', '—', `skipped: ${g.skipped}`],
    ];
  }
  const [one, two, four] = g.io;
  return [
    [
      '@aigo/graph-pg',
      'checkpoint write per node (16 writers) vs raw INSERT of the same row',
      `${num(g.write.aigoUs, 1)} µs`,
      `${num(g.write.floorUs, 1)} µs`,
      `**${times(g.write.ratio)}**`,
      num(g.write.control, 3),
      `≤ ${g.targets.writeRatio}×`,
      ratioVerdict(g.write, { atMost: g.targets.writeRatio }),
    ],
    [
      '@aigo/graph-pg',
      `1,001 no-op nodes, durable execution (${num(g.thousand.usPerNode, 1)} µs/node)`,
      `${num(g.thousand.durableMs, 1)} ms`,
      `${num(g.thousand.plainMs, 2)} ms (no checkpointer)`,
      '—',
      '—',
      '—',
      'info',
    ],
    [
      '@aigo/graph-pg',
      'I/O-bound runs/s, 2 / 4 workers vs 1 (concurrency 8, 4 × 50 ms nodes)',
      `${num(two.runsPerSecond, 1)} / ${num(four.runsPerSecond, 1)} runs/s`,
      `${num(one.runsPerSecond, 1)} runs/s (1 worker)`,
      `**${times(g.scaling.two)} / ${times(g.scaling.four)}**`,
      '—',
      `≥ ${g.targets.twoWorkers}× / ≥ ${g.targets.fourWorkers}×`,
      absoluteVerdict(g.verdicts.two && g.verdicts.four),
    ],
  ];
}
