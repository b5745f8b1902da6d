// The report of `pnpm bench`: one markdown document — the summary table of every aigo figure (absolute
// beside ratio to the floor, the floor-versus-floor control, target, verdict), aigo against the anchors,
// then each section's details. Built from the sections' results; no measuring happens here.
import { clientBenchTable } from '../client/client-bench.mjs';
import { graphBenchTable } from '../graph/graph-bench.mjs';
import { observabilityBenchTable } from '../observability/observability-bench.mjs';
import { reactBenchTable } from '../react/react-bench.mjs';

const CONTROL_TOLERANCE = 0.03;
const ANCHOR_TARGETS = { latency: 1.1, throughput: 1.1, stream: 1.1, rss: 1.2, firstReply: 1.1 };
const SIZE_TARGET_KB = 4 * 1024;

const num = (value, digits = 0) =>
  Number(value).toLocaleString('en', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
const times = (ratio) => `${num(ratio, 2)}×`;
const inTolerance = (control) => Math.abs(control - 1) <= CONTROL_TOLERANCE;

/**
 * A ratio's verdict: VOID when its control is out of 1.00 ± 0.03; otherwise ok or over/under the
 * target (`atMost` for costs, `atLeast` for rates such as memory-pg's turns/s).
 */
function ratioVerdict({ ratio, control }, { atMost, atLeast }) {
  if (!inTolerance(control)) return 'VOID (control out of 1.00 ± 0.03)';
  if (atMost !== undefined) return ratio <= atMost ? 'ok' : '**over target**';
  return ratio >= atLeast ? 'ok' : '**under target**';
}
const absoluteVerdict = (ok) => (ok ? 'ok' : '**over target**');

function row(cells) {
  return `| ${cells.join(' | ')} |`;
}

// ---- summary rows ------------------------------------------------------------------------------

function streamRows(stream) {
  const rows = [];
  for (const mode of ['minimal', 'json']) {
    const suite = stream[mode];
    const cpu = suite.cpu;
    const label = mode === 'json' ? 'JSON.parse per frame' : 'minimal mapper';
    const base = `${num(stream.events)}-event stream, ${label}, CPU ms`;
    rows.push([
      'SSE decode (@aigo/http)',
      `${base}, \`for await\``,
      num(cpu.medianMs.A, 2),
      num(cpu.medianMs.F, 2),
      `**${times(cpu.ratio)}**`,
      num(cpu.control, 3),
      '≤ 1.10×',
      ratioVerdict(cpu, { atMost: 1.1 }),
    ]);
    rows.push([
      'SSE decode (@aigo/http)',
      `${base}, \`collect()\``,
      num(cpu.medianMs.C, 2),
      num(cpu.medianMs.F, 2),
      `**${times(cpu.collectRatio)}**`,
      num(cpu.control, 3),
      '≤ 1.10×',
      ratioVerdict({ ratio: cpu.collectRatio, control: cpu.control }, { atMost: 1.1 }),
    ]);
  }
  return rows;
}

function anchorStackRows(label, r) {
  const area = label;
  const rows = [];
  if (r.error) return [[area, 'figures (a)–(e)', '—', '—', '—', '—', '—', `failed: ${r.error}`]];
  const { latency: a, throughput: b, stream: c, process: p } = r;
  rows.push([
    area,
    '(a) p50 latency, sequential tiny completions',
    `${num(a.p50Us.X)} µs`,
    `${num(a.p50Us.F)} µs`,
    `**${times(a.time.ratio)}**`,
    num(a.time.control, 3),
    '≤ 1.10×',
    ratioVerdict(a.time, { atMost: ANCHOR_TARGETS.latency }),
  ]);
  rows.push([
    area,
    `(b) requests/s at concurrency ${b.concurrency} (ratio: time per request)`,
    num(b.requestsPerSecond.X),
    num(b.requestsPerSecond.F),
    `**${times(b.wall.ratio)}**`,
    num(b.wall.control, 3),
    '≤ 1.10×',
    ratioVerdict(b.wall, { atMost: ANCHOR_TARGETS.throughput }),
  ]);
  rows.push([
    area,
    `(b) CPU per request at concurrency ${b.concurrency}`,
    `${num(b.cpuPerRequestUs.X, 1)} µs`,
    `${num(b.cpuPerRequestUs.F, 1)} µs`,
    `**${times(b.cpu.ratio)}**`,
    num(b.cpu.control, 3),
    '≤ 1.10×',
    ratioVerdict(b.cpu, { atMost: ANCHOR_TARGETS.throughput }),
  ]);
  rows.push([
    area,
    `(c) ${num(c.tokens)}-token stream, time`,
    `${num(c.time.X, 1)} ms`,
    `${num(c.time.F, 1)} ms`,
    `**${times(c.time.ratio)}**`,
    num(c.time.control, 3),
    '≤ 1.10×',
    ratioVerdict(c.time, { atMost: ANCHOR_TARGETS.stream }),
  ]);
  rows.push([
    area,
    '(c) CPU per token',
    `${num(c.cpuPerTokenNs.X)} ns`,
    `${num(c.cpuPerTokenNs.F)} ns`,
    `**${times(c.cpu.ratio)}**`,
    num(c.cpu.control, 3),
    '≤ 1.10×',
    ratioVerdict(c.cpu, { atMost: ANCHOR_TARGETS.stream }),
  ]);
  if (p === undefined || p.error) {
    rows.push([area, '(d), (e)', '—', '—', '—', '—', '—', `failed: ${p?.error ?? 'no result'}`]);
    return rows;
  }
  rows.push([
    area,
    '(d) RSS growth, 200 open streams',
    `${num(p.rss.growthMiB.X, 1)} MiB`,
    `${num(p.rss.growthMiB.F, 1)} MiB`,
    `**${times(p.rss.ratio)}**`,
    num(p.rss.control, 3),
    '≤ 1.20×',
    ratioVerdict(p.rss, { atMost: ANCHOR_TARGETS.rss }),
  ]);
  rows.push([
    area,
    '(d) JS heap + external growth, same streams',
    `${num(p.heap.growthMiB.X, 1)} MiB`,
    `${num(p.heap.growthMiB.F, 1)} MiB`,
    times(p.heap.ratio),
    num(p.heap.control, 3),
    '—',
    inTolerance(p.heap.control) ? 'info' : 'info (VOID control)',
  ]);
  rows.push([
    area,
    '(e) process start → first reply',
    `${num(p.firstReply.X, 1)} ms`,
    `${num(p.firstReply.F, 1)} ms`,
    `**${times(p.firstReply.ratio)}**`,
    num(p.firstReply.control, 3),
    '≤ 1.10×',
    ratioVerdict(p.firstReply, { atMost: ANCHOR_TARGETS.firstReply }),
  ]);
  return rows;
}

function sizeRows(sizes) {
  const rows = [];
  const floor = sizes.floor;
  for (const [key, label, target] of [
    ['aigo-openai', '@aigo/openai (+ @aigo/ai, @aigo/http)', undefined],
    ['aigo-client', '@aigo/client + @aigo/openai', SIZE_TARGET_KB],
  ]) {
    const size = sizes[key];
    if (size.error) {
      rows.push(['installed size', label, '—', '—', '—', '—', '—', `failed: ${size.error}`]);
      continue;
    }
    rows.push([
      'installed size',
      `${label}, npm install of the packed tarballs, peers excluded`,
      `${num(size.kb)} KiB (${size.packages} packages)`,
      floor.error ? '—' : `${num(floor.kb)} KiB`,
      floor.error ? '—' : times(size.kb / floor.kb),
      '— (exact)',
      target === undefined ? '—' : `≤ ${num(target)} KiB`,
      target === undefined ? 'info' : absoluteVerdict(size.kb <= target),
    ]);
  }
  return rows;
}

function geminiRows(g) {
  return [
    [
      '@aigo/gemini',
      `chunks/s, ${num(g.events)} alt=sse chunks, wall (ratio: time per stream)`,
      num(g.chunksPerSecond.A),
      num(g.chunksPerSecond.F),
      `**${times(g.ratio)}**`,
      num(g.control, 3),
      '≤ 1.10×',
      ratioVerdict(g, { atMost: 1.1 }),
    ],
  ];
}

function clientRows(c) {
  const { perCall, perEvent, heap, targets } = c;
  return [
    [
      '@aigo/client',
      'added per call (memory, retry, logging middleware, no-op observer), CPU',
      `${num(perCall.overheadUsPerCall, 2)} µs`,
      `${num(perCall.directUsPerCall, 2)} µs (direct)`,
      '—',
      '—',
      `< ${targets.perCallUs} µs`,
      absoluteVerdict(c.verdicts.perCall),
    ],
    [
      '@aigo/client',
      'added per streamed event, CPU',
      `${num(perEvent.overheadUsPerEvent, 3)} µs`,
      `${num(perEvent.directUsPerEvent, 3)} µs (direct)`,
      '—',
      '—',
      `< ${targets.perEventUs} µs`,
      absoluteVerdict(c.verdicts.perEvent),
    ],
    [
      '@aigo/client',
      `heap growth over ${num(heap.calls)} calls (10 % → 100 %, GC'd)`,
      `${num(heap.growthMb, 2)} MB`,
      '—',
      '—',
      '—',
      `< ${targets.heapGrowthMb} MB`,
      absoluteVerdict(c.verdicts.heap),
    ],
  ];
}

function reactRows(r) {
  const { perIteration: p, heap, targets } = r;
  return [
    [
      '@aigo/react',
      'agent overhead per iteration over direct provider + tool calls, CPU',
      `${num(p.overheadUsPerIteration, 1)} µs`,
      `${num(p.directUsPerIteration, 1)} µs (direct)`,
      '—',
      '—',
      `< ${targets.perIterationUs} µs`,
      absoluteVerdict(r.verdicts.perIteration),
    ],
    [
      '@aigo/react',
      `heap growth over ${num(heap.runs)} runs (10 % → 100 %, GC'd)`,
      `${num(heap.growthMb, 2)} MB`,
      '—',
      '—',
      '—',
      `< ${targets.heapGrowthMb} MB`,
      absoluteVerdict(r.verdicts.heap),
    ],
  ];
}

function graphRows(g) {
  const { dag, fan, heap, info, targets } = g;
  return [
    [
      '@aigo/graph',
      `10k-node DAG (${num(dag.nodes)} nodes, ${num(dag.edges)} edges), wall per execution`,
      `${num(dag.wallMs, 1)} ms`,
      `${num(info.floorAwaitEachNoop.wallMs, 1)} ms (await ${num(dag.nodes)} no-ops)`,
      '—',
      '—',
      `< ${targets.dagMs} ms`,
      absoluteVerdict(g.verdicts.dag),
    ],
    [
      '@aigo/graph',
      '1,000-wide fan-out / fan-in, wall per execution',
      `${num(fan.wallMs, 2)} ms`,
      '—',
      '—',
      '—',
      `< ${targets.fanMs} ms`,
      absoluteVerdict(g.verdicts.fan),
    ],
    [
      '@aigo/graph',
      `heap growth, ${heap.dag.executions} DAG / ${heap.fan.executions} fan executions`,
      `${num(heap.dag.growthMb, 2)} / ${num(heap.fan.growthMb, 2)} MB`,
      '—',
      '—',
      '—',
      `< ${targets.heapGrowthMb} MB`,
      absoluteVerdict(g.verdicts.heap),
    ],
  ];
}

function observabilityRows(o) {
  const { send, stream, targets, verdicts } = o;
  return [
    [
      'observability',
      '`noopObserver` added per call, send / stream, CPU',
      `${num(send.noopUsPerCall, 2)} / ${num(stream.noopUsPerCall, 2)} µs`,
      `${num(send.baselineUsPerCall, 1)} / ${num(stream.baselineUsPerCall, 1)} µs (no observer)`,
      '—',
      '—',
      `< ${targets.noopUsPerCall} µs`,
      absoluteVerdict(verdicts.noopSend && verdicts.noopStream),
    ],
    [
      'observability',
      '`createOtelObserver()` without SDK added per call, send / stream, CPU',
      `${num(send.otelNoopUsPerCall, 2)} / ${num(stream.otelNoopUsPerCall, 2)} µs`,
      '—',
      '—',
      '—',
      `< ${targets.otelNoopUsPerCall} µs`,
      absoluteVerdict(verdicts.otelSend && verdicts.otelStream),
    ],
  ];
}

function memoryPgRows(m) {
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

// ---- detail tables -----------------------------------------------------------------------------

function streamDetails(stream) {
  const lines = [
    `### SSE decode: ${num(stream.events)} events (${num(stream.bodyBytes / 1024)} KiB) through @aigo/http vs the floor`,
    '',
    'A: `postSse` → `toChatStream(mapper)` → `for await`; C: the same stream read with `collect()`; F: undici.request + eventsource-parser (F′ its copy, the control); H: undici + the @aigo/http decoder, no ChatStream; I: the floor behind a hand-written async iterator. Medians over rounds of the per-round ratios; CPU time is the verdict, wall time is for information.',
    '',
    '| mapper | time | A ms | C ms | F ms | A/F | C/F | control F′/F | H/F | I/F | A/I | A − F per event | rounds × block |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const mode of ['minimal', 'json']) {
    const suite = stream[mode];
    for (const metric of ['cpu', 'wall']) {
      const f = suite[metric];
      lines.push(
        row([
          mode === 'json' ? 'JSON.parse per frame' : 'minimal',
          metric === 'cpu' ? 'CPU' : 'wall',
          num(f.medianMs.A, 2),
          num(f.medianMs.C, 2),
          num(f.medianMs.F, 2),
          `**${times(f.ratio)}**`,
          `**${times(f.collectRatio)}**`,
          `${num(f.control, 3)}${inTolerance(f.control) ? '' : ' (out)'}`,
          times(f.decoderRatio),
          times(f.iteratorRatio),
          times(f.overIteratorRatio),
          `${num(f.perEventOverheadNs)} ns`,
          `${suite.rounds} × ${suite.iterations}`,
        ]),
      );
    }
  }
  return lines.join('\n');
}

const STACK_ORDER = ['aigo-openai', 'aigo-client', 'openai-sdk', 'ai-sdk', 'langchain'];

function anchorCell(figure, absolute) {
  if (figure === undefined) return '—';
  const mark = inTolerance(figure.control) ? '' : ' VOID';
  return `${times(figure.ratio)}${mark} (${absolute})`;
}

function anchorMatrix(anchors, sizes, imports) {
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

function geminiDetails(g) {
  return [
    `### @aigo/gemini: ${num(g.events)} alt=sse chunks (${num(g.bodyBytes / 1024)} KiB), wall time`,
    '',
    '| A (aigo) ms | F (floor) ms | A chunks/s | F chunks/s | A/F | control F′/F | M/F (transport only) | per-chunk overhead | rounds × iterations |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    row([
      num(g.medianMs.A, 2),
      num(g.medianMs.F, 2),
      num(g.chunksPerSecond.A),
      num(g.chunksPerSecond.F),
      `**${times(g.ratio)}**`,
      num(g.control, 3),
      times(g.transportRatio),
      `${num(g.perChunkOverheadNs)} ns`,
      `${g.rounds} × ${g.iterations}`,
    ]),
  ].join('\n');
}

function memoryPgDetails(m) {
  if (m.skipped) return `### @aigo/memory-pg\n\nSkipped: ${m.skipped}.`;
  return [
    `### @aigo/memory-pg vs raw pg (PostgreSQL ${m.server}, ${m.rounds} rounds, medians)`,
    '',
    `Settings: ${m.settings.map((s) => `${s.name}=${s.setting}`).join(', ')}. Floor: the same SQL through a bare \`pg.Pool\` of ${m.poolSize}; floor′ its copy (the control).`,
    '',
    '| figure | aigo | floor | aigo / floor | control floor′ / floor | plain two-row INSERT (information) |',
    '|---|---:|---:|---:|---:|---:|',
    row([
      'turns/s',
      num(m.throughput.aigoTurnsPerSecond),
      num(m.throughput.floorTurnsPerSecond),
      times(m.throughput.ratio),
      num(m.throughput.control, 3),
      num(m.throughput.plainInsertTurnsPerSecond),
    ]),
    row([
      `load ${num(m.load.messages)} messages`,
      `${num(m.load.aigoMs, 1)} ms`,
      `${num(m.load.floorMs, 1)} ms`,
      times(m.load.ratio),
      num(m.load.control, 3),
      '—',
    ]),
  ].join('\n');
}

function importDetails(imports) {
  return [
    `### Cold import (a fresh \`node\` process per sample, median of ${imports.samples})`,
    '',
    '| module | `await import()` ms | whole process ms |',
    '|---|---:|---:|',
    ...imports.rows.map((r) => row([r.specifier, num(r.importMs, 1), num(r.processMs, 1)])),
  ].join('\n');
}

function sizeDetails(sizes) {
  return [
    '### Installed size of each stack (`npm install` into an empty folder, peers excluded, `du -sk node_modules`)',
    '',
    '| stack | installs | packages | KiB |',
    '|---|---|---:|---:|',
    ...Object.entries(sizes).map(([stack, s]) =>
      row([
        stack,
        s.specs.join(', '),
        s.error ? '—' : String(s.packages),
        s.error ? `failed: ${s.error}` : num(s.kb),
      ]),
    ),
  ].join('\n');
}

// ---- the document ------------------------------------------------------------------------------

/** Every summary row of the run (aigo's figures), for the table and for counting verdicts. */
export function summaryRows(results) {
  const rows = [];
  const add = (name, build) => {
    const r = results[name];
    if (r === undefined) return;
    if (r.error) rows.push([name, 'section', '—', '—', '—', '—', '—', `failed: ${r.error}`]);
    else rows.push(...build(r.result));
  };
  add('stream', streamRows);
  add('anchors', (a) => [
    ...anchorStackRows('@aigo/openai', a.stacks['aigo-openai']),
    ...anchorStackRows('@aigo/client + @aigo/openai', a.stacks['aigo-client']),
  ]);
  add('sizes', sizeRows);
  add('gemini', geminiRows);
  add('client', clientRows);
  add('react', reactRows);
  add('graph', graphRows);
  add('observability', observabilityRows);
  add('memory-pg', memoryPgRows);
  return rows;
}

/** Counts of verdicts in the summary rows. */
export function countVerdicts(rows) {
  const counts = { ok: 0, over: 0, void: 0, failed: 0, info: 0 };
  for (const r of rows) {
    const v = r[7];
    if (v === 'ok') counts.ok++;
    else if (v.startsWith('VOID')) counts.void++;
    else if (v.startsWith('failed')) counts.failed++;
    else if (v.includes('target')) counts.over++;
    else counts.info++;
  }
  return counts;
}

/** The whole markdown report. */
export function buildReport({ results, meta }) {
  const rows = summaryRows(results);
  const counts = countVerdicts(rows);
  const ok = (name) => (results[name] && !results[name].error ? results[name].result : undefined);
  const parts = [
    '# aigo benchmark report',
    '',
    `${meta.date} · \`pnpm bench\` · Node ${meta.node} · ${meta.cpus} CPUs · load average ${meta.loadStart} at the start, ${meta.loadEnd} at the end · wall time ${num(meta.wallSeconds)} s`,
    '',
    `Verdicts: ${counts.ok} ok, ${counts.over} over target, ${counts.void} VOID (floor-versus-floor control outside 1.00 ± 0.03), ${counts.failed} failed, ${counts.info} for information.${meta.failedSections.length > 0 ? ` **Broken sections: ${meta.failedSections.join(', ')}.**` : ''}`,
    '',
    '## Summary: aigo against the floor',
    '',
    'Ratios are aigo / floor (for rates, the time for the same work), each the median over at least 5 alternating rounds of the per-round ratio; the control is the same ratio for an identical copy of the floor in the same rounds. A ratio counts only when its control is within 1.00 ± 0.03, otherwise it is VOID. Absolute figures are medians over the same rounds (absolute times on this shared machine drift by up to 30 % between runs; ratios far less).',
    '',
    row(['area', 'figure', 'aigo', 'floor', 'ratio', 'control', 'target', 'verdict']),
    row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---']),
    ...rows.map(row),
  ];
  const anchors = ok('anchors');
  if (anchors) parts.push('', anchorMatrix(anchors, ok('sizes'), ok('imports')));
  parts.push('', '## Details');
  const details = [
    ['stream', streamDetails],
    ['gemini', geminiDetails],
    ['client', (r) => clientBenchTable(r).replace(/^## /, '### ')],
    ['react', (r) => reactBenchTable(r).replace(/^## /, '### ')],
    ['graph', (r) => graphBenchTable(r).replace(/^## /, '### ')],
    ['observability', (r) => observabilityBenchTable(r).replace(/^## /, '### ')],
    ['memory-pg', memoryPgDetails],
    ['imports', importDetails],
    ['sizes', sizeDetails],
  ];
  for (const [name, render] of details) {
    const result = ok(name);
    if (result) parts.push('', render(result));
    else if (results[name]?.error) parts.push('', `### ${name}\n\nFailed: ${results[name].error}`);
  }
  return { markdown: `${parts.join('\n')}\n`, counts, rows };
}
