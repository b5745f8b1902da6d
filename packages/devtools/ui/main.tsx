import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { DevtoolsEvent, RunDetail, RunSummary } from '../src/model/run-model.js';
import { AnswerStreamingNote } from './answer-streaming.js';
import { fetchRun, fetchRuns, listen } from './api.js';
import { Approvals } from './approvals.js';
import { CostView } from './cost-view.js';
import { duration } from './format.js';
import { GraphDrawing } from './graph-view.js';
import { RunsList } from './runs-list.js';
import { SpanDetail } from './span-detail.js';
import { SubAgentsNote } from './sub-agents.js';
import { Waterfall } from './waterfall.js';

/** Newest first, by start time. */
const byStart = (a: RunSummary, b: RunSummary): number => b.start - a.start;

function App() {
  const [runs, setRuns] = useState<RunSummary[]>([]);
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const [detail, setDetail] = useState<RunDetail | undefined>(undefined);
  const [span, setSpan] = useState<string | undefined>(undefined);
  const [connected, setConnected] = useState(false);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const selectedRef = useRef<string | undefined>(undefined);
  const loading = useRef<{ busy: boolean; again: boolean }>({ busy: false, again: false });

  const load = (id: string): void => {
    const state = loading.current;
    if (state.busy) {
      state.again = true;
      return;
    }
    state.busy = true;
    fetchRun(id)
      .then((found) => {
        if (selectedRef.current === id) setDetail(found);
      })
      .catch((error: unknown) => setProblem(String(error)))
      .finally(() => {
        state.busy = false;
        if (state.again) {
          state.again = false;
          if (selectedRef.current !== undefined) load(selectedRef.current);
        }
      });
  };

  const select = (id: string): void => {
    selectedRef.current = id;
    setSelected(id);
    setSpan(undefined);
    setDetail(undefined);
    load(id);
  };

  useEffect(() => {
    const onEvent = (event: DevtoolsEvent): void => {
      if (event.type === 'removed') {
        setRuns((list) => list.filter((run) => run.id !== event.runId));
        return;
      }
      setRuns((list) =>
        [event.run, ...list.filter((run) => run.id !== event.run.id)].sort(byStart),
      );
      if (selectedRef.current === undefined) {
        select(event.run.id);
      } else if (selectedRef.current === event.run.id) {
        load(event.run.id);
      }
    };
    const stop = listen(onEvent, setConnected);
    fetchRuns()
      .then((list) => {
        setRuns((live) => {
          const merged = new Map(list.map((run) => [run.id, run]));
          for (const run of live) merged.set(run.id, run);
          return [...merged.values()].sort(byStart);
        });
        const first = list[0];
        if (selectedRef.current === undefined && first !== undefined) select(first.id);
      })
      .catch((error: unknown) => setProblem(String(error)));
    return stop;
  }, []);

  const run = detail?.run;
  const chosenSpan = detail?.spans.find((candidate) => candidate.id === span);
  const now = Date.now();
  return (
    <div class="layout">
      <header>
        <h1>aigo devtools</h1>
        <span class={`live ${connected ? 'on' : 'off'}`} data-testid="live-status">
          {connected ? 'live' : 'disconnected'}
        </span>
        {problem === undefined ? null : <span class="problem">{problem}</span>}
      </header>
      <aside>
        <h2>Runs</h2>
        <RunsList runs={runs} selected={selected} onSelect={select} />
      </aside>
      <main>
        {detail === undefined || run === undefined ? (
          <p class="empty">Select a run.</p>
        ) : (
          <div data-testid="run-detail" data-run-id={run.id} data-status={run.status}>
            <h2>
              {run.kind} {run.name} <span class={`status status-${run.status}`}>{run.status}</span>{' '}
              <span class="muted">{duration(run.durationMs)}</span>
            </h2>
            {run.droppedSpans > 0 ? (
              <p class="note">{run.droppedSpans} spans were not kept (the run's span limit).</p>
            ) : null}
            <Approvals detail={detail} />
            <AnswerStreamingNote detail={detail} />
            <SubAgentsNote detail={detail} />
            <h3>Timeline</h3>
            <Waterfall
              spans={detail.spans}
              runStart={run.start}
              runEnd={run.end ?? Math.max(now, run.start + run.durationMs)}
              selected={span}
              onSelect={setSpan}
            />
            {chosenSpan === undefined ? (
              <p class="muted">Click a bar to see the call.</p>
            ) : (
              <SpanDetail span={chosenSpan} captureContent={detail.captureContent} now={now} />
            )}
            {detail.graph === undefined ? null : (
              <>
                <h3>Graph</h3>
                <GraphDrawing graph={detail.graph} />
              </>
            )}
            <h3>Cost</h3>
            <CostView cost={detail.cost} />
          </div>
        )}
      </main>
    </div>
  );
}

const root = document.getElementById('app');
if (root !== null) {
  root.textContent = '';
  render(<App />, root);
}
