// Test helper (not built): a graph whose node `b` is a real createReAct agent with a `pay` tool that
// needs approval. a → b → c and a → d → c: `d` does not depend on `b`. Counts every execution.
import { defineTool, type GraphCheckpointer } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { agentNode, createGraph, inMemoryCheckpointer } from '../../src/index.js';

/** 1 000 / 2 000 per million tokens: a call of {@link CALL_USAGE} costs 0.12. */
export const PRICE = { inputCostPerMillion: 1_000, outputCostPerMillion: 2_000 };
export const CALL_USAGE = { promptTokens: 100, completionTokens: 10, totalTokens: 110 };
export const CALL_COST = 0.12;

/**
 * The graph and what it counts. `script` lists the model's replies in order: `'pay'` asks to pay
 * (a suspension), any other string is the final answer.
 */
export function approvalGraph(
  options: {
    readonly script?: readonly string[];
    readonly checkpointer?: GraphCheckpointer | null;
    readonly executionTimeout?: number;
  } = {},
) {
  const payments: { amount: number; to: string }[] = [];
  const counts = { a: 0, b: 0, c: 0, d: 0 };
  const pay = defineTool({
    name: 'pay',
    description: 'Pays a supplier',
    input: Type.Object({ amount: Type.Number(), to: Type.String() }),
    needsApproval: true,
    execute: ({ amount, to }) => {
      payments.push({ amount, to });
      return { paid: amount, to };
    },
  });
  const provider = createFakeProvider();
  for (const reply of options.script ?? ['pay', 'Paid ACME 120 EUR.']) {
    if (reply === 'pay')
      provider.toolCall('pay', { amount: 120, to: 'ACME' }, { usage: CALL_USAGE });
    else provider.text(reply, { usage: CALL_USAGE });
  }
  const client = createClient(provider, { defaultModel: 'm', modelCost: PRICE, tools: [pay] });
  const agent = createReAct(client, { name: 'payer' });
  const checkpointer =
    options.checkpointer === null ? undefined : (options.checkpointer ?? inMemoryCheckpointer());
  const graph = createGraph<string>('c', {
    name: 'approval',
    defaultClient: client,
    ...(checkpointer === undefined ? {} : { checkpointer }),
    ...(options.executionTimeout === undefined
      ? {}
      : { executionTimeout: options.executionTimeout }),
  })
    .addNode('a', () => {
      counts.a++;
      return 'invoice 42';
    })
    .addNode(
      'b',
      agentNode(agent, {
        prompt: ({ upstreamResults }) => {
          counts.b++;
          return `Pay ${String(upstreamResults.a?.output)}`;
        },
      }),
    )
    .addNode('c', ({ upstreamResults }) => {
      counts.c++;
      return `${String(upstreamResults.b?.output)} (${String(upstreamResults.d?.output)})`;
    })
    .addNode('d', () => {
      counts.d++;
      return 'audited';
    })
    .addEdge('a', 'b')
    .addEdge('b', 'c')
    .addEdge('a', 'd')
    .addEdge('d', 'c');
  return { graph, checkpointer, provider, payments, counts, agent };
}

/** The rejection of `promise` (fails when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}
