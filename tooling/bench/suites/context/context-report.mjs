// The context section's rows in the bench report's summary table (area, figure, aigo, floor, ratio,
// control, target, verdict).
import { absoluteVerdict, num, ratioVerdict, times } from '../../runner/report/format.mjs';

const AREA = 'context windows (@aigo/client)';

/** The summary rows of a context result. */
export function contextRows(r) {
  const { counting: c, optimizer: o, claude: k, budgets: b, memoryPg: m } = r;
  const rows = [
    [
      AREA,
      `count a ${num(c.historyTokens)}-token history, cold (gpt-tokenizer, ${c.historyMessages} messages)`,
      `${num(c.coldMs, 1)} ms`,
      '—',
      '—',
      '—',
      '—',
      'info',
    ],
    [
      AREA,
      `one turn on that history, counts kept: extra time over a turn without context`,
      `${num(c.warmExtraMs, 2)} ms`,
      `${num(c.plainTurnMs, 2)} ms`,
      '—',
      '—',
      '≤ 5 ms',
      absoluteVerdict(c.warmExtraMs <= 5),
    ],
    [
      AREA,
      `optimizer overhead per request, ${o.historyMessages}-message history over budget (${o.messagesSent} sent)`,
      `${num(o.overheadMs, 3)} ms`,
      `${num(o.plainTurnMs, 3)} ms`,
      '—',
      '—',
      '< 1 ms',
      absoluteVerdict(o.overheadMs < 1),
    ],
    [
      AREA,
      `Claude: count the same history, cold (@aigo/anthropic's estimate: ${num(k.historyTokens)} tokens)`,
      `${num(k.coldMs, 1)} ms`,
      '—',
      '—',
      '—',
      '—',
      'info',
    ],
    [
      AREA,
      `Claude: one turn on that history, counts kept (window ${num(k.contextWindow)}, output ${num(k.maxOutputTokens)}): extra time over a turn without context`,
      `${num(k.warmExtraMs, 2)} ms`,
      `${num(k.plainTurnMs, 2)} ms`,
      '—',
      '—',
      '≤ 5 ms',
      absoluteVerdict(k.warmExtraMs <= 5),
    ],
  ];
  for (const row of b.rows) {
    rows.push([
      AREA,
      `budget ${num(row.budget)} on a ${b.historyMessages}-message tool conversation (${row.path}, ${row.method}): the request sent, counted (${row.messagesSent} messages)`,
      `${num(row.sentTokens)} tokens`,
      '—',
      '—',
      '—',
      `≤ ${num(row.budget)}`,
      absoluteVerdict(row.holds),
    ]);
  }
  if (m.skipped) {
    rows.push([
      AREA,
      'turn on 100,000 stored messages',
      '—',
      '—',
      '—',
      '—',
      '—',
      `skipped: ${m.skipped}`,
    ]);
  } else {
    rows.push([
      AREA,
      `turn on ${num(m.messages)} stored messages (@aigo/memory-pg) vs on one window (${m.windowMessages})`,
      `${num(m.longTurnMs, 2)} ms`,
      `${num(m.windowTurnMs, 2)} ms`,
      `**${times(m.ratio)}**`,
      num(m.control, 3),
      '≤ 1.20×',
      ratioVerdict(m, { atMost: 1.2 }),
    ]);
    rows.push([
      AREA,
      `its bounded read alone (readContext), ${num(m.messages)} messages vs one window`,
      `${num(m.read.longMs, 2)} ms`,
      `${num(m.read.windowMs, 2)} ms`,
      `**${times(m.read.ratio)}**`,
      num(m.read.control, 3),
      '≤ 1.20×',
      ratioVerdict(m.read, { atMost: 1.2 }),
    ]);
  }
  return rows;
}
