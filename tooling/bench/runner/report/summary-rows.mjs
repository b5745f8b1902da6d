// The summary table of the bench report: one row per aigo figure (area, figure, aigo, floor, ratio,
// control, target, verdict), built from the sections' results.

import { anthropicRows } from '../../suites/anthropic/anthropic-report.mjs';
import { contextRows } from '../../suites/context/context-report.mjs';
import { evalsRows } from '../../suites/evals/evals-report.mjs';
import { graphPgRows } from '../../suites/graph-pg/graph-pg-report.mjs';
import { loadRows } from '../../suites/load/load-report.mjs';
import { memoryPgRows } from '../../suites/memory-pg/memory-pg-report.mjs';
import { retrievalRows } from '../../suites/retrieval/retrieval-report.mjs';
import { soakCriteria } from '../../suites/soak/soak-report.mjs';
import {
  ANCHOR_TARGETS,
  absoluteVerdict,
  inTolerance,
  num,
  ratioVerdict,
  SIZE_TARGET_KB,
  times,
} from './format.mjs';

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

function structuredRows(r) {
  return [
    [
      '@aigo/client structured streams',
      `partial parser, ${num(r.bytes / 1024, 1)} KB object read in ${num(r.chunks)} chunks / one JSON.parse, CPU`,
      `${num(r.parserUs, 1)} µs`,
      `${num(r.jsonParseUs, 1)} µs (JSON.parse)`,
      `**${times(r.ratio)}**`,
      num(r.control, 3),
      `≤ ${r.targets.ratio}×`,
      ratioVerdict(r, { atMost: r.targets.ratio }),
    ],
    [
      '@aigo/client structured streams',
      'the same, a new partial taken after every chunk (each copies the containers still open), CPU',
      `${num(r.everyPartialUs, 1)} µs`,
      `${num(r.jsonParseUs, 1)} µs (JSON.parse)`,
      times(r.everyPartialRatio),
      num(r.control, 3),
      '—',
      'information',
    ],
    [
      '@aigo/client structured streams',
      `partial parser's CPU per KB, ${num(r.linearity.bytes / 1024, 1)} KB over ${num(r.bytes / 1024, 1)} KB (linear: 1)`,
      num(r.linearity.ratio, 2),
      '—',
      '—',
      '—',
      '—',
      'information',
    ],
  ];
}

function mcpRows(m) {
  return ['stdio', 'http'].map((transport) => {
    const r = m[transport];
    const verdict = m.verdicts[transport];
    return [
      '@aigo/mcp',
      `added per tool call over the SDK's Client.callTool, ${transport === 'http' ? 'Streamable HTTP' : 'stdio'}, CPU`,
      `${num(r.addedUsPerCall, 1)} µs`,
      `${num(r.floorUsPerCall, 1)} µs (SDK)`,
      `**${times(r.ratio)}**`,
      num(r.control, 3),
      `≤ ${m.targets.addedUsPerCall} µs`,
      verdict === 'VOID' ? 'VOID' : absoluteVerdict(verdict === 'ok'),
    ];
  });
}

function reactRows(r) {
  const { perIteration: p, steering: q, heap, targets } = r;
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
    ...(q === undefined
      ? []
      : [
          [
            '@aigo/react',
            'a queued steering message: CPU added',
            `${num(q.addedUsPerMessage, 1)} µs`,
            `${num(q.agentUsPerRun, 1)} µs (the run without)`,
            '—',
            '—',
            `< ${targets.steeringMessageUs} µs`,
            absoluteVerdict(r.verdicts.steering),
          ],
        ]),
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

function soakRows(s) {
  if (s.skipped)
    return [['soak', 'sockets, handles, heap', '—', '—', '—', '—', '—', `skipped: ${s.skipped}`]];
  return soakCriteria(s).map(([criterion, result, target, verdict]) => [
    'soak (aborted streams)',
    criterion,
    result,
    '—',
    '—',
    '—',
    target,
    absoluteVerdict(verdict === 'ok'),
  ]);
}

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
  add('anthropic', anthropicRows);
  add('client', clientRows);
  add('react', reactRows);
  add('structured', structuredRows);
  add('graph', graphRows);
  add('observability', observabilityRows);
  add('evals', evalsRows);
  add('mcp', mcpRows);
  add('soak', soakRows);
  add('memory-pg', memoryPgRows);
  add('graph-pg', graphPgRows);
  add('load', loadRows);
  add('context', contextRows);
  add('retrieval', retrievalRows);
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
