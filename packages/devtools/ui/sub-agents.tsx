import type { RunDetail } from '../src/model/run-model.js';
import { duration } from './format.js';

/**
 * The agents the run called as tools (`agentTool`), indented by depth, with how each sub-run ended;
 * their spans are in the tree below, under each call's `execute_tool` span. Nothing for a run that
 * called none.
 */
export function SubAgentsNote(props: { readonly detail: RunDetail }) {
  const calls = props.detail.subAgents;
  if (calls.length === 0) return null;
  return (
    <ul class="note" data-testid="sub-agents">
      {calls.map((call) => (
        <li key={call.spanId} style={{ marginLeft: `${(call.path.length - 2) * 1.5}em` }}>
          {call.path.join(' › ')}: {call.stopReason ?? 'running'}
          {call.durationMs === undefined ? '' : ` in ${duration(call.durationMs)}`}
        </li>
      ))}
    </ul>
  );
}
