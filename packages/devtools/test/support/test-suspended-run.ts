import type {
  Agent,
  AgentResult,
  InteractionResponses,
  Observer,
  RunStore,
  SuspendedRun,
} from '@aigo/ai';
import { deferred } from '@aigo/testing';

/** A run suspended for one tool approval, as `@aigo/react` stores it. */
export const SUSPENDED: SuspendedRun = {
  format: 'aigo.suspended-run',
  version: 1,
  runId: 'run-pay-1',
  agent: 'payer',
  requests: [
    {
      id: 'req-1',
      type: 'tool_approval',
      toolCall: { id: 'call-1', name: 'pay', arguments: '{"amount":120,"to":"ACME"}' },
    },
  ],
  state: {},
};

/**
 * Records on `observer` what `@aigo/react`'s agent span records when a run suspends: the
 * `aigo.interaction.requested` event and `aigo.react.stop_reason: suspended`.
 */
export function traceSuspension(observer: Observer): void {
  const span = observer.startSpan('invoke_agent payer', {
    attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'payer' },
  });
  span.addEvent('aigo.interaction.requested', {
    'aigo.run.id': SUSPENDED.runId,
    'aigo.interaction.request_ids': ['req-1'],
    'aigo.interaction.tools': ['pay'],
    'aigo.interaction.arguments': ['{"amount":120,"to":"ACME"}'],
  });
  span.setAttributes({ 'aigo.react.suspended': true, 'aigo.react.stop_reason': 'suspended' });
  span.setStatus('ok');
  span.end();
}

/** A run store holding {@link SUSPENDED} (the devtools only `load`). */
export const runStore: RunStore = {
  async load(runId: string) {
    return runId === SUSPENDED.runId
      ? { runId, revision: 1, status: 'suspended', suspended: SUSPENDED, updatedAt: 0 }
      : undefined;
  },
  save: () => Promise.reject(new Error('not used')),
  claim: () => Promise.reject(new Error('not used')),
  delete: () => Promise.reject(new Error('not used')),
};

/**
 * An agent, structurally (the `Agent` contract of `@aigo/ai`), named like the suspended run's:
 * `resumed` settles with what `resume` was given.
 */
export function payerAgent() {
  const resumed = deferred<{ suspended: SuspendedRun; responses: InteractionResponses }>();
  const result: AgentResult<string> = {
    data: 'paid',
    totalUsage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
    costSummary: () => {
      throw new Error('not used');
    },
  };
  const notUsed = () => {
    throw new Error('not used');
  };
  const agent: Agent<string> = {
    name: 'payer',
    description: undefined,
    toolDescriptions: [],
    execute: notUsed,
    executeStream: notUsed,
    resumeStream: notUsed,
    async resume(suspended, responses) {
      resumed.resolve({ suspended, responses });
      return result;
    },
  };
  return { agent, resumed: resumed.promise };
}
