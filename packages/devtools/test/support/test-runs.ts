import { defineTool, type ModelCost, type Observer } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createGraph } from '@aigo/graph';
import { createReAct } from '@aigo/react';
import { createFakeProvider, type Deferred, deferred } from '@aigo/testing';
import { calculatorTool } from '@aigo/tools-calculator';
import { Type } from 'typebox';

/** The offline agent's model and prices: cached and reasoning tokens at their own rates. */
export const MODEL = 'offline-scripted';
export const PRICE: ModelCost = {
  inputCostPerMillion: 2.5,
  outputCostPerMillion: 10,
  cachedInputCostPerMillion: 1.25,
  reasoningCostPerMillion: 12,
};
export const COMPUTE = { costPerSecond: 0.0005 };
/** What one call of the lookup tool costs. */
export const LOOKUP_COST = 0.002;

/**
 * The offline demo's run, scripted: a ReAct agent reads a height with a paid `lookup` tool (which
 * waits for `gate`, so a test can watch the run while it is under way), converts it with the
 * calculator, and answers with JSON. Every call reports usage with cached and reasoning tokens.
 */
export function startAgentRun(observer: Observer, gate: Deferred<void>) {
  const provider = createFakeProvider()
    .toolCall(
      'lookup',
      { topic: 'Eiffel Tower height' },
      {
        content: 'Looking the height up.',
        usage: { promptTokens: 820, completionTokens: 60, totalTokens: 880, reasoningTokens: 24 },
      },
    )
    .toolCall(
      'Calculator',
      { operation: 'multiply', a: 330, b: 3.28084 },
      {
        usage: {
          promptTokens: 1010,
          completionTokens: 48,
          totalTokens: 1058,
          cachedTokens: 820,
          reasoningTokens: 16,
        },
      },
    )
    .text('{"feet": 1082.6772, "source": "lookup"}', {
      usage: {
        promptTokens: 1160,
        completionTokens: 30,
        totalTokens: 1190,
        cachedTokens: 1010,
        reasoningTokens: 8,
      },
      reasoning: 'The product is the answer.',
    });
  const lookup = defineTool({
    name: 'lookup',
    description: 'Looks a fact up',
    input: Type.Object({ topic: Type.String() }),
    metrics: { amount: LOOKUP_COST, currency: 'USD' },
    execute: async ({ topic }) => {
      await gate.promise;
      return { topic, metres: 330 };
    },
  });
  const client = createClient(provider, {
    defaultModel: MODEL,
    modelCost: PRICE,
    computeCost: COMPUTE,
    observer,
    tools: [lookup, calculatorTool({ name: 'Calculator' })],
  });
  const agent = createReAct(client, {
    name: 'offline-demo',
    schema: Type.Object({ feet: Type.Number(), source: Type.String() }),
  });
  return agent.executeStream('How tall is the Eiffel Tower in feet?').collect();
}

/**
 * A graph run: `fetch` feeds `summarize` (which waits for `gate`) and `translate` (which fails);
 * `publish` follows `translate` and is skipped; `report` follows either (`join: 'any'`). Nodes call the model
 * through the graph's client.
 */
export function startGraphRun(observer: Observer, gate: Deferred<void>) {
  const provider = createFakeProvider().onRequest((request) => ({
    content: `(${String(request.messages.at(-1)?.content)})`,
    usage: { promptTokens: 200, completionTokens: 40, totalTokens: 240 },
  }));
  const client = createClient(provider, {
    defaultModel: 'graph-model',
    modelCost: PRICE,
    observer,
  });
  const graph = createGraph<string>('report', {
    defaultClient: client,
    errorStrategy: 'continue_on_error',
  })
    .addNode('fetch', async ({ client }) => (await client.sendMessage('fetch the page')).content)
    .addNode('summarize', async ({ client }) => {
      await gate.promise;
      return (await client.sendMessage('summarize it')).content;
    })
    .addNode('translate', async () => {
      throw new Error('no translator configured');
    })
    .addNode('report', async ({ upstreamResults }) => String(upstreamResults.summarize?.output), {
      join: 'any',
    })
    .addNode('publish', async () => 'published')
    .addEdge('fetch', 'summarize')
    .addEdge('fetch', 'translate')
    .addEdge('summarize', 'report')
    .addEdge('translate', 'publish')
    .addEdge('publish', 'report');
  return graph.execute({});
}

/** A bare client call whose model answers with HTML and script (it must show as text). */
export const HOSTILE_ANSWER =
  '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold?</b>';

export async function hostileCall(observer: Observer): Promise<void> {
  const client = createClient(createFakeProvider().text(HOSTILE_ANSWER), {
    defaultModel: 'hostile-model',
    observer,
  });
  await client.sendMessage('say something');
}

export { deferred };
