import { answerStreamingOf } from './answer-streaming.js';
import { graphView } from './graph-view.js';
import { suspensionOf } from './pending-approvals.js';
import type { RecordedRun } from './recorded-run.js';
import { runCost } from './run-cost.js';
import type { RunCost, RunDetail, RunStatus, RunSummary } from './run-model.js';
import { subAgentsOf } from './sub-agents.js';

/** What the run's root span says about how it ended. */
function statusOf(run: RecordedRun): RunStatus {
  const root = run.root;
  if (root.attributes['aigo.react.stop_reason'] === 'suspended') return 'suspended';
  if (root.end === undefined) return 'running';
  return root.status === 'error' ? 'failed' : 'done';
}

/** A readable name: the agent's, the graph's output node, else the span's name. */
function nameOf(run: RecordedRun): string {
  const a = run.root.attributes;
  const agent = a['gen_ai.agent.name'];
  if (run.kind === 'agent' && typeof agent === 'string') return agent;
  const output = a['graph.output_node'];
  if (run.kind === 'graph' && typeof output === 'string') return `graph → ${output}`;
  return run.root.name;
}

/** The runs list's line of one run at `now`, and its cost (no copy of its spans). */
export function summarizeRun(
  run: RecordedRun,
  now: number,
): { readonly summary: RunSummary; readonly cost: RunCost } {
  const end = run.root.end ?? now;
  const cost = runCost(run.spans, run.root.start, end);
  let input = 0;
  let output = 0;
  let cached = 0;
  let reasoning = 0;
  let modelCalls = 0;
  for (const span of run.spans) {
    if (span.kind !== 'model') continue;
    modelCalls++;
    const a = span.attributes;
    input += numberOr0(a['gen_ai.usage.input_tokens']);
    output += numberOr0(a['gen_ai.usage.output_tokens']);
    cached += numberOr0(a['aigo.usage.cached_tokens']);
    reasoning += numberOr0(a['aigo.usage.reasoning_tokens']);
  }
  const summary: RunSummary = {
    id: run.id,
    kind: run.kind,
    name: nameOf(run),
    status: statusOf(run),
    start: run.root.start,
    end: run.root.end,
    durationMs: Math.max(0, end - run.root.start),
    tokens: { input, output, cached, reasoning },
    cost: cost.totalCost,
    currency: cost.currency,
    costComplete: cost.complete,
    modelCalls,
    droppedSpans: run.droppedSpans,
  };
  return { summary, cost };
}

/**
 * The page's whole view of one run at `now`: its summary, spans, cost, graph, approvals and how its
 * typed answer streamed.
 */
export function describeRun(
  run: RecordedRun,
  now: number,
  settings: {
    readonly captureContent: boolean;
    readonly canResume: boolean;
    /** Runs already resumed from the page: their approvals are no longer pending. */
    readonly decided?: ReadonlySet<string>;
  },
): RunDetail {
  const { summary, cost } = summarizeRun(run, now);
  const spans = run.spanRecords();
  return {
    run: summary,
    spans,
    cost,
    graph: graphView(run.root),
    approvals:
      settings.decided?.has(run.id) === true ? [] : (suspensionOf(run.root)?.approvals ?? []),
    answer: run.kind === 'agent' ? answerStreamingOf(run.root) : undefined,
    subAgents: subAgentsOf(spans),
    canResume: settings.canResume,
    captureContent: settings.captureContent,
  };
}

function numberOr0(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}
