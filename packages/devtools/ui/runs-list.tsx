import type { RunSummary } from '../src/model/run-model.js';
import { count, duration, money } from './format.js';

/** The runs list: every run with its status, duration, tokens and cost, newest first. */
export function RunsList(props: {
  readonly runs: readonly RunSummary[];
  readonly selected: string | undefined;
  readonly onSelect: (id: string) => void;
}) {
  if (props.runs.length === 0) {
    return (
      <p class="empty">No runs yet: run an agent, a graph or a client call with this observer.</p>
    );
  }
  return (
    <table class="runs" data-testid="runs-list">
      <thead>
        <tr>
          <th>run</th>
          <th>status</th>
          <th class="num">duration</th>
          <th class="num">tokens in / out</th>
          <th class="num">cost</th>
        </tr>
      </thead>
      <tbody>
        {props.runs.map((run) => (
          <tr
            key={run.id}
            data-testid="run-row"
            data-run-id={run.id}
            data-kind={run.kind}
            data-status={run.status}
            class={run.id === props.selected ? 'selected' : ''}
            onClick={() => props.onSelect(run.id)}
          >
            <td>
              <span class={`kind kind-${run.kind}`}>{run.kind}</span> {run.name}
            </td>
            <td>
              <span class={`status status-${run.status}`}>{run.status}</span>
            </td>
            <td class="num">{duration(run.durationMs)}</td>
            <td class="num">
              {count(run.tokens.input)} / {count(run.tokens.output)}
            </td>
            <td class="num" data-value={String(run.cost)}>
              {run.cost === 0 && !run.costComplete ? 'no price' : money(run.cost, run.currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
