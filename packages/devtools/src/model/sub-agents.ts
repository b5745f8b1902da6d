import type { SpanRecord, SubAgentCall } from './run-model.js';

/** The span event an agent tool records when its sub-run starts (`agentTool` of `@aigo/react`). */
const AGENT_CALL = 'aigo.agent.call';
/** The span event an agent tool records when its sub-run ended (`aigo.agent.stop_reason`). */
const AGENT_RETURN = 'aigo.agent.return';

/**
 * The agents a run called as tools, at every depth, in the order they were called: from the
 * `aigo.agent.call` / `aigo.agent.return` events of their `execute_tool` spans, whose sub-run's
 * `invoke_agent` span (and its model calls and tools) nests under them.
 */
export function subAgentsOf(spans: readonly SpanRecord[]): SubAgentCall[] {
  const calls: SubAgentCall[] = [];
  for (const span of spans) {
    const call = span.events.find((event) => event.name === AGENT_CALL);
    if (call === undefined) continue;
    const done = span.events.find((event) => event.name === AGENT_RETURN);
    const path = call.attributes['aigo.agent.path'];
    const stopReason = done?.attributes['aigo.agent.stop_reason'];
    calls.push({
      spanId: span.id,
      path: typeof path === 'string' ? path.split('/') : [span.name],
      stopReason: typeof stopReason === 'string' ? stopReason : undefined,
      durationMs: span.end === undefined ? undefined : span.end - span.start,
    });
  }
  return calls;
}
