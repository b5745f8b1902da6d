import { describe, expect, it } from 'vitest';
import type { SpanRecord } from './run-model.js';
import { subAgentsOf } from './sub-agents.js';

function toolSpan(id: string, path: string, stopReason?: string): SpanRecord {
  return {
    id,
    parentId: undefined,
    name: `execute_tool ${path.split('/').at(-1)}`,
    kind: 'tool',
    start: 1_000,
    end: stopReason === undefined ? undefined : 1_250,
    status: stopReason === undefined ? 'running' : 'ok',
    statusMessage: undefined,
    attributes: {},
    events: [
      { name: 'aigo.agent.call', time: 1_000, attributes: { 'aigo.agent.path': path } },
      ...(stopReason === undefined
        ? []
        : [
            {
              name: 'aigo.agent.return',
              time: 1_250,
              attributes: { 'aigo.agent.stop_reason': stopReason },
            },
          ]),
    ],
  };
}

describe('subAgentsOf', () => {
  it('lists the agents called as tools, at every depth, with how each ended', () => {
    const plain: SpanRecord = { ...toolSpan('t0', 'x'), events: [] };
    const calls = subAgentsOf([
      plain,
      toolSpan('t1', 'writer/researcher', 'final_answer'),
      toolSpan('t2', 'writer/researcher/checker'),
    ]);

    expect(calls).toEqual([
      { spanId: 't1', path: ['writer', 'researcher'], stopReason: 'final_answer', durationMs: 250 },
      {
        spanId: 't2',
        path: ['writer', 'researcher', 'checker'],
        stopReason: undefined,
        durationMs: undefined,
      },
    ]);
  });
});
