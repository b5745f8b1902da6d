// The memory-pg bench's rows for the run's summary table, built from its result (no measuring here).
import { num, ratioVerdict, times } from '../../runner/report/format.mjs';

/** The summary rows of the memory-pg section: throughput and the load of a long conversation. */
export function memoryPgRows(m) {
  if (m.skipped)
    return [
      ['@aigo/memory-pg', 'throughput, load', '—', '—', '—', '—', '—', `skipped: ${m.skipped}`],
    ];
  const { throughput: t, load: l } = m;
  return [
    [
      '@aigo/memory-pg',
      `turns/s, ${m.conversations} conversations appending 2-message turns, pool ${m.poolSize}`,
      num(t.aigoTurnsPerSecond),
      num(t.floorTurnsPerSecond),
      `**${times(t.ratio)}**`,
      num(t.control, 3),
      '≥ 0.85×',
      ratioVerdict(t, { atLeast: 0.85 }),
    ],
    [
      '@aigo/memory-pg',
      `load a ${num(l.messages)}-message conversation`,
      `${num(l.aigoMs, 1)} ms`,
      `${num(l.floorMs, 1)} ms`,
      `**${times(l.ratio)}**`,
      num(l.control, 3),
      '≤ 1.30×',
      ratioVerdict(l, { atMost: 1.3 }),
    ],
  ];
}
