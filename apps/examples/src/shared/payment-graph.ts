// The approval graph of the durable-graph examples: a ReAct agent node whose `pay` tool needs a
// person's approval, so the graph run suspends until someone answers (resumeGraphRun).
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { agentNode, createGraph, type Graph } from '@aigo/graph';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';

/** The graph's registered name. */
export const PAYMENT = 'supplier-payment';

/**
 * invoice → pay (a ReAct agent; its `pay` tool needs approval) → receipt. Offline: a scripted model
 * that asks to pay what the invoice says, then answers from the tool's result.
 */
export function paymentGraph(): Graph<string> {
  const pay = defineTool({
    name: 'pay',
    description: 'Pays a supplier',
    input: Type.Object({ amount: Type.Number(), to: Type.String() }),
    needsApproval: true,
    execute: ({ amount, to }) => ({ paid: amount, to }),
  });
  const provider = createFakeProvider().onRequest((request) => {
    const last = request.messages.at(-1);
    if (last?.role === 'tool') return { content: 'Paid ACME 120 EUR.' };
    return {
      toolCalls: [
        {
          id: 'call_pay',
          type: 'function',
          function: { name: 'pay', arguments: '{"amount":120,"to":"ACME"}' },
        },
      ],
      finishReason: 'tool_calls',
    };
  });
  const client = createClient(provider, {
    defaultModel: 'offline-model',
    modelCost: { inputCostPerMillion: 0.15, outputCostPerMillion: 0.6 },
    tools: [pay],
  });
  const payer = createReAct(client, { name: 'payer' });
  return createGraph<string>('receipt', { name: PAYMENT, version: '1', defaultClient: client })
    .addNode('invoice', async ({ sharedState }) => String(await sharedState.get('invoice')))
    .addNode(
      'pay',
      agentNode(payer, {
        prompt: ({ upstreamResults }) => `Pay ${upstreamResults.invoice?.output}`,
      }),
    )
    .addNode('receipt', ({ upstreamResults }) => `Receipt: ${upstreamResults.pay?.output}`)
    .addEdge('invoice', 'pay')
    .addEdge('pay', 'receipt');
}
