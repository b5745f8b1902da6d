// The report of `pnpm bench`: one markdown document — the summary table of every aigo figure (absolute
// beside ratio to the floor, the floor-versus-floor control, target, verdict), aigo against the anchors,
// then each section's details. Built from the sections' results; no measuring happens here.

import { anthropicDetails } from '../../suites/anthropic/anthropic-report.mjs';
import { clientBenchTable } from '../../suites/client/client-bench.mjs';
import { evalsBenchTable } from '../../suites/evals/evals-bench.mjs';
import { graphBenchTable } from '../../suites/graph/graph-bench.mjs';
import { graphPgBenchTable } from '../../suites/graph-pg/graph-pg-bench.mjs';
import { loadTable } from '../../suites/load/load-report.mjs';
import { mcpBenchTable } from '../../suites/mcp/mcp-bench.mjs';
import { observabilityBenchTable } from '../../suites/observability/observability-bench.mjs';
import { reactBenchTable } from '../../suites/react/react-bench.mjs';
import { retrievalBenchTable } from '../../suites/retrieval/retrieval-report.mjs';
import { routingBenchTable } from '../../suites/routing/routing-bench.mjs';
import { soakTable } from '../../suites/soak/soak-report.mjs';
import { vectorsBenchTable } from '../../suites/vectors/vectors-table.mjs';
import { anchorMatrix } from './anchor-matrix.mjs';
import { num, row } from './format.mjs';
import {
  geminiDetails,
  importDetails,
  memoryPgDetails,
  sizeDetails,
  streamDetails,
} from './section-details.mjs';
import { countVerdicts, summaryRows } from './summary-rows.mjs';

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
    ['anthropic', anthropicDetails],
    ['client', (r) => clientBenchTable(r).replace(/^## /, '### ')],
    ['routing', (r) => routingBenchTable(r).replace(/^## /, '### ')],
    ['react', (r) => reactBenchTable(r).replace(/^## /, '### ')],
    ['graph', (r) => graphBenchTable(r).replace(/^## /, '### ')],
    ['graph-pg', (r) => graphPgBenchTable(r).replace(/^## /, '### ')],
    ['observability', (r) => observabilityBenchTable(r).replace(/^## /, '### ')],
    ['evals', (r) => evalsBenchTable(r).replace(/^## /, '### ')],
    ['mcp', (r) => mcpBenchTable(r).replace(/^## /, '### ')],
    [
      'soak',
      (r) =>
        r.skipped ? `### soak\n\nSkipped: ${r.skipped}.` : soakTable(r).replace(/^## /, '### '),
    ],
    ['memory-pg', memoryPgDetails],
    ['vectors', (r) => vectorsBenchTable(r).replace(/^## /, '### ')],
    ['retrieval', (r) => retrievalBenchTable(r).replace(/^## /, '### ')],
    ['load', (r) => loadTable(r).replace(/^## /, '### ')],
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
