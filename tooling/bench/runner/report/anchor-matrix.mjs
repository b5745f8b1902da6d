// The bench report's table of aigo against the anchors (openai SDK, AI SDK, LangChain): each stack's
// ratios to the floor with absolute figures, its cold import and installed size.
import { inTolerance, num, row, times } from './format.mjs';

const STACK_ORDER = ['aigo-openai', 'aigo-client', 'openai-sdk', 'ai-sdk', 'langchain'];

function anchorCell(figure, absolute) {
  if (figure === undefined) return '—';
  const mark = inTolerance(figure.control) ? '' : ' VOID';
  return `${times(figure.ratio)}${mark} (${absolute})`;
}

/** The anchors table, with the sizes and imports sections when they ran. */
export function anchorMatrix(anchors, sizes, imports) {
  const stacks = anchors.stacks;
  const labels = anchors.labels;
  const floorOf = (pick) => {
    const values = STACK_ORDER.map((s) => stacks[s])
      .filter((r) => r && !r.error)
      .map(pick);
    const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
    return sorted.length === 0 ? undefined : sorted[sorted.length >> 1];
  };
  const cells = (render) =>
    STACK_ORDER.map((stack) => {
      const r = stacks[stack];
      if (r === undefined) return '—';
      if (r.error) return 'failed';
      return render(r);
    });
  const proc = (r, key, unit, digits = 1) =>
    r.process && !r.process.error
      ? anchorCell(
          r.process[key],
          `${num(key === 'firstReply' ? r.process[key].X : r.process[key].growthMiB.X, digits)} ${unit}`,
        )
      : 'failed';
  const importMs = (specifier) =>
    imports?.rows.find((entry) => entry.specifier === specifier)?.importMs;
  const lines = [
    `### aigo vs the anchors (ratio to each stack's in-process floor; absolute in brackets)`,
    '',
    `Each stack ran (a)–(c) in a fresh process of its own with the floor (raw \`undici.request\` on its own Agent + eventsource-parser) and an identical copy of it (the control) measured in alternating rounds in that same process; (d)–(e) ran in a fresh process per stack and round, alternating with the floor's processes. One mock Chat Completions server in a separate process served everything. VOID: that figure's floor-versus-floor control was outside 1.00 ± 0.03.`,
    '',
    row([
      'figure',
      'floor (median of the in-process floors)',
      ...STACK_ORDER.map((s) => labels[s]),
    ]),
    row(['---', '---:', ...STACK_ORDER.map(() => '---:')]),
    row([
      '(a) p50 latency',
      `${num(floorOf((r) => r.latency.p50Us.F))} µs`,
      ...cells((r) => anchorCell(r.latency.time, `${num(r.latency.p50Us.X)} µs`)),
    ]),
    row([
      '(b) requests/s, concurrency 32',
      num(floorOf((r) => r.throughput.requestsPerSecond.F)),
      ...cells((r) => anchorCell(r.throughput.wall, num(r.throughput.requestsPerSecond.X))),
    ]),
    row([
      '(b) CPU per request',
      `${num(
        floorOf((r) => r.throughput.cpuPerRequestUs.F),
        1,
      )} µs`,
      ...cells((r) => anchorCell(r.throughput.cpu, `${num(r.throughput.cpuPerRequestUs.X, 1)} µs`)),
    ]),
    row([
      '(c) 5,000-token stream',
      `${num(
        floorOf((r) => r.stream.time.F),
        1,
      )} ms`,
      ...cells((r) => anchorCell(r.stream.time, `${num(r.stream.time.X, 1)} ms`)),
    ]),
    row([
      '(c) CPU per token',
      `${num(floorOf((r) => r.stream.cpuPerTokenNs.F))} ns`,
      ...cells((r) => anchorCell(r.stream.cpu, `${num(r.stream.cpuPerTokenNs.X)} ns`)),
    ]),
    row([
      '(d) RSS growth, 200 open streams',
      `${num(
        floorOf((r) => r.process?.rss?.growthMiB.F),
        1,
      )} MiB`,
      ...cells((r) => proc(r, 'rss', 'MiB')),
    ]),
    row([
      '(d) heap + external growth',
      `${num(
        floorOf((r) => r.process?.heap?.growthMiB.F),
        1,
      )} MiB`,
      ...cells((r) => proc(r, 'heap', 'MiB')),
    ]),
    row([
      '(e) start → first reply',
      `${num(
        floorOf((r) => r.process?.firstReply?.F),
        1,
      )} ms`,
      ...cells((r) => proc(r, 'firstReply', 'ms')),
    ]),
  ];
  if (sizes) {
    const kb = (key) => (sizes[key]?.error ? 'failed' : `${num(sizes[key].kb / 1024, 1)} MiB`);
    lines.push(row(['installed closure (du -sk)', kb('floor'), ...STACK_ORDER.map(kb)]));
  }
  if (imports) {
    const ms = (...specifiers) => {
      const values = specifiers.map(importMs);
      return values.some((v) => v === undefined)
        ? '—'
        : `${num(
            values.reduce((a, b) => a + b, 0),
            0,
          )} ms`;
    };
    lines.push(
      row([
        'cold `import()` (floor: undici; aigo: the package named)',
        ms('undici'),
        ms('@aigo/openai'),
        ms('@aigo/client'),
        ms('openai'),
        ms('ai'),
        ms('@langchain/openai'),
      ]),
    );
  }
  return lines.join('\n');
}
