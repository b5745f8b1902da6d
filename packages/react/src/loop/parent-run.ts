import type { ParentRun } from '@aigo/ai';
import type { Overview } from '@aigo/client';
import type { RunInput } from './agent-settings.js';

/**
 * What a run gives its tools as `ctx.parentRun`: its path of agents (this one last), its stream for
 * the events of the agents its tools run (`agent_event`, waited for as any event when the consumer
 * is behind; dropped when nobody streams the run) and its overview for their cost.
 */
export function parentRun(
  agent: string,
  input: RunInput,
  overview: Overview,
  iteration: () => number,
): ParentRun {
  const { sink } = input;
  return {
    path: Object.freeze([...(input.agentPath ?? []), agent]),
    streams: sink !== undefined,
    emit:
      sink === undefined
        ? () => undefined
        : (sub) =>
            sink.emit({
              type: 'agent_event',
              iteration: iteration(),
              agent: sub.agent,
              toolCallId: sub.toolCallId,
              event: sub.event,
            }),
    addSubRun: (part) => overview.addSubRun(part),
  };
}
