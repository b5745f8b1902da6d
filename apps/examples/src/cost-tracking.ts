/**
 * Cost tracking: what a run cost, in tokens and money — per model, per tool, and per second of
 * compute.
 *
 * Providers know the list prices of their models (`openai()` and `gemini()` ship a dated table from a
 * maintained price database), so online there is nothing to configure; give the client prices of
 * your own — `modelCost` (one `ModelCost` or a map by model name: input, cached input, output and
 * reasoning prices per million tokens) — where you have them, `computeCost` (per second), and tools their
 * `metrics` (`amount` per call). Record calls into an `Overview` (`client.createOverview()`, passed
 * as `overview` to each call): `overview.costSummary()` then adds it all up, cached tokens at the
 * cached price and reasoning tokens at the reasoning price, never counting a token twice.
 *
 * Run: `node dist/cost-tracking.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set. The
 * offline price below is an example (gpt-4o-mini's list price); check your provider's before billing
 * anyone.
 */
import { defineTool } from '@aigo/ai';
import { createClient, inMemoryMemory } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

// A paid tool: every call costs half a cent.
const search = defineTool({
  name: 'web_search',
  description: 'Searches the web and returns the top results',
  input: Type.Object({ query: Type.String() }),
  metrics: { amount: 0.005, currency: 'USD', costDescription: 'per search', accuracy: 0.9 },
  execute: ({ query }) => [{ title: `Everything about ${query}`, url: 'https://example.com/' }],
});

// Offline: usage is scripted, with cached prompt tokens on the second call (a provider's prompt
// cache would report them) and reasoning tokens inside the completion.
const { provider, model, label, online } = pickModel(() =>
  createFakeProvider()
    .toolCall(
      'web_search',
      { query: 'aigo TypeScript' },
      {
        usage: { promptTokens: 1_200, completionTokens: 40, totalTokens: 1_240 },
      },
    )
    .text('aigo is a set of small TypeScript packages for LLM applications.', {
      usage: {
        promptTokens: 1_500,
        completionTokens: 300,
        totalTokens: 1_800,
        cachedTokens: 1_024,
        reasoningTokens: 200,
      },
    }),
);
printHeader('Cost tracking', { label });

const client = createClient(provider, {
  defaultModel: model,
  tools: [search],
  memory: inMemoryMemory(),
  // Offline, the scripted model is billed at an example price (gpt-4o-mini's); online, give no
  // price and the provider's list price applies — `openai()` and `gemini()` ship theirs.
  ...(online
    ? {}
    : {
        modelCost: {
          [model]: {
            inputCostPerMillion: 0.15,
            cachedInputCostPerMillion: 0.075,
            outputCostPerMillion: 0.6,
            reasoningCostPerMillion: 0.6,
          },
        },
      }),
  computeCost: { costPerSecond: 0.0001 },
});

// One turn with a tool round, recorded into one overview.
const overview = client.createOverview();
const first = await client.sendMessage('What is aigo? Search first.', { overview });
const results = await client.executeToolCalls(first.toolCalls, { overview });
const final = await client.continueConversation({ messages: results, overview });
console.log(`answer: ${final.content}\n`);

const summary = overview.costSummary();
const usd = (amount: number): string => `$${amount.toFixed(6)}`;
for (const [name, cost] of Object.entries(summary.byModel)) {
  console.log(
    `model ${name}: ${cost.requests} calls, ${cost.promptTokens} prompt tokens (${cost.cachedTokens} cached), ` +
      `${cost.completionTokens} completion tokens (${cost.reasoningTokens} reasoning)`,
  );
  console.log(
    `  input ${usd(cost.inputCost)} + cached ${usd(cost.cachedCost)} + output ${usd(cost.outputCost)} ` +
      `+ reasoning ${usd(cost.reasoningCost)} = ${usd(cost.totalCost)}`,
  );
}
for (const [name, count] of Object.entries(summary.toolExecutionCount)) {
  console.log(`tool ${name}: ${count} call(s) = ${usd(summary.toolCosts[name] ?? 0)}`);
}
console.log(
  `compute: ${summary.executionDurationSeconds.toFixed(3)} s = ${usd(summary.computeCost)}`,
);
for (const [name, cost] of Object.entries(summary.byModel)) {
  const from = cost.priceSources.map((source) =>
    source.source === 'application'
      ? 'your modelCost'
      : `${source.provider}'s list price of ${source.date ?? 'an unknown date'}`,
  );
  console.log(`price of ${name}: ${from.length > 0 ? from.join(', ') : 'unknown'}`);
}
// A call without a price is reported, never counted as $0: the total is then unknown.
console.log(
  summary.complete
    ? `total: ${usd(summary.totalCost)} ${summary.currency}`
    : `total: cost unknown for ${summary.unpricedModels.join(', ')} (the priced part: ${usd(summary.totalCost)})`,
);
await provider.close?.();
