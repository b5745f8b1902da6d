/**
 * A graph workflow (`@aigo/graph`): model calls as nodes of a DAG, run in parallel as soon as their
 * parents finish, joined, with a conditional branch — and the usage and cost of every call made
 * inside the nodes merged into one overview.
 *
 * - `addNode(id, fn)`: `fn` gets `{ client, upstreamResults, sharedState, signal, … }` and returns
 *   the node's output. `input.client` is pre-bound to the node: its calls are recorded into the
 *   run, cancelled with the node, and nested under its span.
 * - `addEdge(from, to, { condition? })`; `join: 'any'` runs a node after whichever parent ran.
 * - `executeStream()` reports progress (`node_start`, `node_complete`, `node_skipped`, …);
 *   `execute()` resolves to the output node's output as `data`, plus every node's report.
 *
 * Run: `node dist/graph-workflow.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { messageText } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createGraph } from '@aigo/graph';
import { createFakeProvider } from '@aigo/testing';
import { describeCost, examplePrices } from './shared/describe-cost.js';
import { pickModel, printHeader } from './shared/pick-model.js';

// Offline: a scripted model that answers from the prompt it gets, so the graph's data flow shows.
const { provider, model, label, online } = pickModel(() =>
  createFakeProvider().onRequest((request) => {
    const prompt = messageText(request.messages.at(-1) ?? { content: '' });
    if (prompt.startsWith('List the advantages'))
      return { content: 'fast to start; one binary; strong typing' };
    if (prompt.startsWith('List the drawbacks'))
      return { content: 'smaller ecosystem; fewer tutorials' };
    if (prompt.startsWith('Weigh'))
      return { content: 'RECOMMEND: the advantages outweigh the drawbacks.' };
    return { content: 'A short report for the team.' };
  }),
);
printHeader('A graph workflow', { label });

const client = createClient(provider, {
  defaultModel: model,
  // Offline, an example price; online, the provider's list price of the model.
  ...examplePrices(online),
});

const topic = 'adopting a new build tool';
const ask = async (prompt: string, input: { client: typeof client }) =>
  (await input.client.sendMessage(prompt)).content;

const graph = createGraph<string>('report', { defaultClient: client, maxConcurrency: 4 })
  // Two independent analyses: they run at the same time.
  .addNode('pros', (input) => ask(`List the advantages of ${topic}, briefly.`, input))
  .addNode('cons', (input) => ask(`List the drawbacks of ${topic}, briefly.`, input))
  // A join: runs when both are done, and reads their outputs.
  .addNode('verdict', ({ client, upstreamResults }) =>
    ask(
      `Weigh these. Advantages: ${upstreamResults.pros?.output}. Drawbacks: ${upstreamResults.cons?.output}. ` +
        'Start with RECOMMEND or REJECT.',
      { client },
    ),
  )
  // Two branches; the conditions on the edges pick one.
  .addNode('plan', () => 'Next step: a two-week pilot.')
  .addNode('memo', () => 'Next step: write down why, and revisit next quarter.')
  .addNode(
    'report',
    ({ upstreamResults }) =>
      `${upstreamResults.verdict?.output ?? ''} ${String(
        upstreamResults.plan?.output ?? upstreamResults.memo?.output,
      )}`.trim(),
    { join: 'any' },
  )
  .addEdge('pros', 'verdict')
  .addEdge('cons', 'verdict')
  .addEdge('verdict', 'plan', {
    condition: ({ result }) => String(result.output).startsWith('RECOMMEND'),
  })
  .addEdge('verdict', 'memo', {
    condition: ({ result }) => !String(result.output).startsWith('RECOMMEND'),
  })
  .addEdge('verdict', 'report')
  .addEdge('plan', 'report')
  .addEdge('memo', 'report');

const stream = graph.executeStream({});
// A node skipped because its edge's condition was false is the graph working as designed: the
// status then reads `partial` (not every node completed), so say what was skipped and why.
const skippedByCondition: string[] = [];
let otherTrouble = false; // a failed node, or one skipped for another reason
for await (const event of stream) {
  if (event.type === 'graph_complete') {
    const onlyConditions =
      event.status === 'partial' && !otherTrouble && event.done === event.total;
    console.log(
      onlyConditions
        ? `graph finished: ${event.total - skippedByCondition.length} nodes ran, ${skippedByCondition.join(', ')} skipped by its condition`
        : `graph ${event.status} (${event.done}/${event.total} nodes settled)`,
    );
  } else if (event.type === 'node_skipped') {
    console.log(`skipped ${event.nodeId}: ${event.reason}`);
    if (event.reason === 'condition_not_met') skippedByCondition.push(event.nodeId);
    else otherTrouble = true;
  } else {
    if (event.type === 'node_failed') otherTrouble = true;
    console.log(`${event.type} ${event.nodeId}`);
  }
}
const result = await stream.collect();
console.log(`\nreport: ${result.data}`);
console.log(`pros: ${String(result.nodes.pros?.result?.output)} (${result.nodes.pros?.status})`);
console.log(`memo: ${result.nodes.memo?.status} (${result.nodes.memo?.skipReason})`);
console.log(
  `model calls: ${result.responses.length}, tokens: ${result.totalUsage.totalTokens}, cost: ${describeCost(result.costSummary(), result.costSummary().totalModelCost)}`,
);
await provider.close?.();
