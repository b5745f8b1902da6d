import { describe, expect, it } from 'vitest';
import { type AgentEvent, agentEventPath } from './agent-event.js';

describe('agentEventPath', () => {
  it('unwraps nested agent_event values into the path of agents and the innermost event', () => {
    const content: AgentEvent = { type: 'content', iteration: 2, text: 'found it' };
    const nested: AgentEvent = {
      type: 'agent_event',
      iteration: 1,
      agent: 'writer',
      toolCallId: 'call-1',
      event: {
        type: 'agent_event',
        iteration: 3,
        agent: 'researcher',
        toolCallId: 'call-2',
        event: content,
      },
    };

    expect(agentEventPath(nested)).toEqual({ path: ['writer', 'researcher'], event: content });
    expect(agentEventPath(content)).toEqual({ path: [], event: content });
  });
});
