/**
 * Compare two models on a support-ticket dataset: which routes tickets better, and at what cost?
 *
 * - `loadDataset` reads `evals/support-tickets.jsonl` (a header line, then one ticket per line with
 *   the team it belongs to).
 * - Each model gets the same task: a structured client (`@aigo/client`) on `@aigo/openai` that
 *   answers `{ team }`; `runExperiment` runs it on every ticket and scores it with `exactMatch`
 *   and a cost budget per ticket.
 * - `compareExperiments` pairs the tickets and says what changed: `B: −0.25 ± 0.19 accuracy,
 *   0.06× cost, …`; `writeHtmlReport` writes the page with both experiments and the comparison.
 *
 * Offline (the default), the model traffic is replayed from `evals/recordings/` by the recording
 * proxy of `@aigo/testing`: no key, no network, the same numbers every time — latencies included.
 * `--record` with OPENAI_API_KEY set records it again on api.openai.com (requests the recording
 * already holds are answered from it; `OPENAI_BASE_URL` sends them elsewhere).
 *
 * Run: `node dist/compare-models.js` (offline), or `OPENAI_API_KEY=sk-... node dist/compare-models.js --record`.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStructuredClient } from '@aigo/client';
import {
  compareExperiments,
  type EvalEnvironment,
  formatComparison,
  formatExperiment,
  loadDataset,
  runExperiment,
  task,
  writeHtmlReport,
} from '@aigo/evals';
import { costBudget, exactMatch } from '@aigo/evals/scorers';
import { openai } from '@aigo/openai';
import { Type } from 'typebox';

const folder = join(import.meta.dirname, '..', 'evals');
const record = process.argv.includes('--record');
const upstream = process.env.OPENAI_BASE_URL ?? 'https://api.openai.com/v1';
if (record && !process.env.OPENAI_API_KEY) {
  console.error('--record calls OpenAI: set OPENAI_API_KEY');
  process.exit(2);
}

const Triage = Type.Object({
  team: Type.Union([Type.Literal('billing'), Type.Literal('shipping'), Type.Literal('account')]),
});

/** The task for one model, built in the experiment's environment (live, recording or replaying). */
function triage(model: string) {
  return (env: EvalEnvironment) => {
    const provider = openai({
      ...env.endpoint(upstream, { apiKeyVariable: 'OPENAI_API_KEY', name: 'openai' }),
      api: 'chat', // the same API in every mode (`auto` picks by URL)
      prices: 'openai', // OpenAI's list prices, whatever the URL
    });
    const client = createStructuredClient(provider, {
      env: {},
      schema: Triage,
      defaultModel: model,
      systemPrompt: 'You route customer support tickets to the team that handles them.',
      temperature: 0,
    });
    return task(client, { output: (answer) => answer.team });
  };
}

console.log('== Compare two models on a support-ticket dataset');
console.log(
  record
    ? `   mode: RECORDING on ${upstream} into ${folder}/recordings/`
    : '   mode: OFFLINE, replaying evals/recordings/ (no key, no network). Pass --record with OPENAI_API_KEY to record again.',
);

const dataset = await loadDataset(join(folder, 'support-tickets.jsonl'));
const results = [];
for (const model of ['gpt-4o', 'gpt-4o-mini']) {
  const recording = join(folder, 'recordings', `compare-${model}`);
  const result = await runExperiment({
    name: model,
    dataset,
    task: triage(model),
    scorers: { accuracy: exactMatch(), budget: costBudget(0.0001) },
    concurrency: 2,
    ...(record ? { record: recording } : { replay: recording }),
  });
  console.log(`\n${formatExperiment(result)}`);
  results.push(result);
}

const [large, small] = results as [(typeof results)[number], (typeof results)[number]];
const comparison = compareExperiments(large, small);
console.log(`\n${formatComparison(comparison, large.aggregates.cost.currency)}`);

const report = process.env.EVAL_REPORT ?? join(tmpdir(), 'aigo-compare-models.html');
await writeHtmlReport(report, results, { comparisons: [comparison] });
console.log(`\nHTML report: ${report}`);
