// A real human-in-the-loop agent for the devtools tests: `createReAct` (scripted model) whose `pay`
// calls wait for approval, its runs in `inMemoryRunStore()`, watched by devtools that may resume it.
import {
  type Agent,
  AgentStoppedError,
  combineObservers,
  defineTool,
  type Observer,
  type Span,
  type SuspendedRun,
} from '@aigo/ai';
import { createClient, inMemoryRunStore } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider, deferred } from '@aigo/testing';
import { Type } from 'typebox';
import { expect } from 'vitest';
import { type DevtoolsObserver, type DevtoolsOptions, devtools } from '../../src/index.js';

const NOOP = { add() {}, record() {} };

/**
 * An observer that only tells when `invoke_agent` spans end: `ended(n)` settles when the `n`th one
 * has ended (no polling, no sleeps).
 */
function agentSpanEnds() {
  const waiting = new Map<number, () => void>();
  let count = 0;
  const observer: Observer = {
    startSpan(name): Span {
      return {
        setAttributes() {},
        addEvent() {},
        recordError() {},
        setStatus() {},
        end() {
          if (!name.startsWith('invoke_agent')) return;
          count += 1;
          waiting.get(count)?.();
        },
      };
    },
    counter: () => NOOP,
    histogram: () => NOOP,
    trace() {},
    debug() {},
    info() {},
    warn() {},
    error() {},
  };
  const ended = (n: number): Promise<void> => {
    if (count >= n) return Promise.resolve();
    const done = deferred<void>();
    waiting.set(n, () => done.resolve());
    return done.promise;
  };
  return { observer, ended };
}

/** A real ReAct agent whose `pay` calls wait for approval, watched by devtools that may resume it. */
export async function payingSetup(options: Omit<DevtoolsOptions, 'runStore' | 'agents'> = {}) {
  const spans = agentSpanEnds();
  const payments: { amount: number; to: string }[] = [];
  const pay = defineTool({
    name: 'pay',
    description: 'Pays a supplier',
    input: Type.Object({ amount: Type.Number(), to: Type.String() }),
    execute: ({ amount, to }) => {
      payments.push({ amount, to });
      return { paid: amount, to };
    },
  });
  const model = createFakeProvider()
    .toolCall('pay', { amount: 120, to: 'ACME' })
    .text('Paid ACME 120 EUR.');
  const runStore = inMemoryRunStore();
  // The devtools start first; the agents, built with them as their client's observer, are pushed
  // into the array they were given (read at each decision).
  const agents: Agent[] = [];
  const tools: DevtoolsObserver = await devtools({
    print: false,
    captureContent: true,
    ...options,
    runStore,
    agents,
  });
  const client = createClient(model, {
    defaultModel: 'test-model',
    tools: [pay],
    observer: combineObservers(tools, spans.observer),
  });
  const agent = createReAct(client, {
    name: 'payer',
    approval: ['pay'],
    runStore,
    signingKey: 'a-signing-key-of-at-least-32-bytes!!',
  });
  agents.push(agent);
  return { tools, spans, payments, model, runStore, agent };
}

export async function suspend(agent: {
  execute(prompt: string): Promise<unknown>;
}): Promise<SuspendedRun> {
  const error = await agent.execute('Pay ACME 120 EUR').then(
    () => {
      throw new Error('the run did not suspend');
    },
    (thrown: unknown) => thrown,
  );
  if (!AgentStoppedError.isInstance(error) || error.suspended === undefined) throw error;
  expect(error.stopReason).toBe('suspended');
  return error.suspended;
}
