// The load bench's verdicts and tables, built from its result (no measuring here): rows for the
// run's summary table and the section's own table.
import { absoluteVerdict, num, ratioVerdict, row, times } from '../../runner/report/format.mjs';

/** The targets of issue "Under load": ratios to the floor, and a flat heap. */
export const LOAD_TARGETS = Object.freeze({
  firstTokenP50: 1.1,
  firstTokenP99: 1.1,
  turnP50: 1.05,
  turnP99: 1.05,
  heapGrowthMb: 2,
});

const LABELS = {
  firstTokenP50: 'time to first token, p50',
  firstTokenP99: 'time to first token, p99',
  turnP50: 'whole turn (stored), p50',
  turnP99: 'whole turn (stored), p99',
};

/** The per-phase figures of the section's table: key, label, unit, digits. */
const PHASES = [
  ['historyReadP50', 'history read (asked → rows, waits included), p50', ' ms', 1],
  ['historyReadP99', 'history read (asked → rows, waits included), p99', ' ms', 1],
  ['cpuMsPerTurn', 'CPU of the bench process per turn', ' ms', 3],
  ['eventLoopUtilization', 'event loop utilisation', '', 3],
  ['statementMs', 'a statement, sent → result', ' ms', 2],
  ['readWaitMs', 'a read (history): pool wait', ' ms', 2],
  ['readMs', 'a read (history): sent → result', ' ms', 2],
  ['writeWaitMs', 'a write (turn): pool wait', ' ms', 2],
  ['writeMs', 'a write (turn): sent → result', ' ms', 2],
];

/** The summary rows: four ratios per N, then errors and heap. */
export function loadRows(result) {
  if (result.skipped)
    return [
      ['load', 'concurrent conversations', '—', '—', '—', '—', '—', `skipped: ${result.skipped}`],
    ];
  const rows = [];
  for (const config of result.configs) {
    const label = `${num(config.conversations)} conversations × ${config.turns} turns`;
    for (const [figure, target] of Object.entries(LOAD_TARGETS)) {
      const f = config.figures[figure];
      if (!f) continue;
      rows.push([
        'load (client + openai + memory-pg)',
        `${label}: ${LABELS[figure]}`,
        `${num(f.aigoMs, 1)} ms`,
        `${num(f.floorMs, 1)} ms`,
        `**${times(f.ratio)}**`,
        num(f.control, 3),
        `≤ ${num(target, 2)}×`,
        ratioVerdict(f, { atMost: target }),
      ]);
    }
    const errors = config.errors.aigo + config.errors.floor + config.errors.floorCopy;
    rows.push([
      'load (client + openai + memory-pg)',
      `${label}: errors (aigo / floor / floor′)`,
      num(config.errors.aigo),
      num(config.errors.floor),
      '—',
      num(config.errors.floorCopy),
      '0',
      absoluteVerdict(errors === 0),
    ]);
  }
  rows.push([
    'load (client + openai + memory-pg)',
    'heap after GC, last aigo round − first (the largest over each N)',
    `${num(result.heap.growthMb, 3)} MB`,
    '—',
    '—',
    '—',
    `< ${LOAD_TARGETS.heapGrowthMb} MB`,
    absoluteVerdict(result.heap.growthMb < LOAD_TARGETS.heapGrowthMb),
  ]);
  return rows;
}

/** The section's own table: every figure of every N, absolute and as ratios, and the PostgreSQL costs. */
export function loadTable(result) {
  if (result.skipped) return `## load\n\nSkipped: ${result.skipped}.`;
  const lines = [
    `## Under load: concurrent conversations through @aigo/client + @aigo/openai + @aigo/memory-pg vs the floor`,
    '',
    `Paced server: ${result.server.tokens} tokens ${result.server.gapMs} ms apart, in its own process. PostgreSQL ${result.postgres}; pools of ${result.poolSize} for aigo and each floor; ${result.node}. Medians over rounds; ratios are the medians of per-round ratios.`,
    '',
    row(['N × T', 'figure', 'aigo', 'floor', 'ratio', 'control (floor′ / floor)']),
    row(['---', '---', '---:', '---:', '---:', '---:']),
  ];
  for (const config of result.configs) {
    const nt = `${num(config.conversations)} × ${config.turns} (${config.rounds} rounds)`;
    for (const [figure, label] of Object.entries(LABELS)) {
      const f = config.figures[figure];
      lines.push(
        row([
          nt,
          label,
          `${num(f.aigoMs, 1)} ms`,
          `${num(f.floorMs, 1)} ms`,
          times(f.ratio),
          num(f.control, 3),
        ]),
      );
    }
    const w = config.wallMs;
    lines.push(
      row([
        nt,
        'wall time of a round',
        `${num(w.aigo)} ms`,
        `${num(w.floor)} ms`,
        times(w.aigo / w.floor),
        num(w.floorCopy / w.floor, 3),
      ]),
    );
    const s = config.statementsPerTurn;
    lines.push(
      row([
        nt,
        'PostgreSQL statements per turn',
        num(s.aigo, 2),
        num(s.floor, 2),
        '—',
        num(s.floorCopy, 2),
      ]),
    );
    const p = config.poolWaitMsPerTurn;
    lines.push(
      row([
        nt,
        'pool wait per turn',
        `${num(p.aigo, 2)} ms`,
        `${num(p.floor, 2)} ms`,
        '—',
        `${num(p.floorCopy, 2)} ms`,
      ]),
    );
    for (const [key, label, unit, digits] of PHASES) {
      const m = config[key];
      if (!m) continue;
      const cell = (value) => `${num(value, digits)}${unit}`;
      lines.push(row([nt, label, cell(m.aigo), cell(m.floor), '—', cell(m.floorCopy)]));
    }
    lines.push(
      row([
        nt,
        'errors',
        num(config.errors.aigo),
        num(config.errors.floor),
        '—',
        num(config.errors.floorCopy),
      ]),
    );
  }
  lines.push(
    '',
    `Heap after a full GC following each aigo round, first → last round of each N: ${result.heap.perConfig
      .map(
        (c) =>
          `${num(c.conversations)}: ${num(c.firstMb, 3)} → ${num(c.lastMb, 3)} MB (${c.growthMb >= 0 ? '+' : ''}${num(c.growthMb, 3)} MB)`,
      )
      .join(
        '; ',
      )}. Idle keep-alive sockets, one per stream that ran at once, stay in the heap between rounds, so a larger N starts higher.`,
  );
  return lines.join('\n');
}
