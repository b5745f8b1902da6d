// What the checkpointer conformance checks share: a graph identity, run ids, node checkpoints.
import type { GraphIdentity, JsonValue, NodeCheckpoint, SuspendedRun } from '@aigo/ai';

/** The graph identity the checks claim runs with. */
export const GRAPH: GraphIdentity = { name: 'conformance', version: '1', fingerprint: 'f1' };
/** A fresh run id. */
export const runId = (): string => `run-${globalThis.crypto.randomUUID()}`;

/** A completed node's checkpoint with usage, cost and one call. */
export const completed = (nodeId: string, output: JsonValue): NodeCheckpoint => ({
  nodeId,
  status: 'completed',
  output,
  attempts: 1,
  durationMs: 3,
  usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
  cost: 0.25,
  currency: 'USD',
  calls: [{ model: 'm', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } }],
});

/** A suspended agent run, as a node's checkpoint holds it. */
export const SUSPENDED: SuspendedRun = {
  format: 'aigo.suspended-run',
  version: 1,
  runId: 'run-x/b',
  agent: 'payer',
  requests: [
    {
      id: 'call_1',
      type: 'tool_approval',
      toolCall: { id: 'call_1', name: 'pay', arguments: '{"amount":120}' },
      message: 'Pay?',
    },
  ],
  state: { iteration: 1, turn: [{ role: 'user', content: 'Pay ACME' }] },
};

/** A suspended node's checkpoint. */
export const suspendedNode = (nodeId: string): NodeCheckpoint => ({
  nodeId,
  status: 'suspended',
  suspended: SUSPENDED,
  attempts: 1,
  durationMs: 2,
  usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
  cost: 0.25,
  currency: 'USD',
  calls: [{ model: 'm', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } }],
});

/** Responses to {@link SUSPENDED}, for node `b`. */
export const RESPONSES = { b: { call_1: { approved: true as const } } };
