/**
 * Run state for workflows: a JSON object per run that tools, hooks, `prepareIteration` and
 * `validateFinalAnswer` read and write — `ctx.state` — returned as `result.state`.
 *
 * The application owns its workflow phases; the library owns the loop. Here a shopping agent keeps
 * its cart in `ctx.state`: the tool adds to it, `prepareIteration` offers checkout only once the
 * cart holds something, `validateFinalAnswer` refuses an answer that forgets the total. The state is
 * kept in suspended values and run states (`agent.step`), and a session
 * (`createSessionRunner`) keeps it across prompts — in its run store, so any process with the same
 * stores can take the next prompt. A value that is not JSON (a function, a cycle) is a
 * `ValidationError` naming the key when the state is saved.
 *
 * Run: `node dist/react-run-state.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { defineTool } from '@aigo/ai';
import {
  createClient,
  createSessionRunner,
  inMemoryMemoryStore,
  inMemoryRunStore,
} from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const PRICES: Readonly<Record<string, number>> = { tea: 4, mug: 9, kettle: 35 };

/** The cart as the state holds it: item names, in order. */
function cartOf(state: Record<string, unknown>): string[] {
  return Array.isArray(state.cart) ? state.cart.map(String) : [];
}

const addToCart = defineTool({
  name: 'add_to_cart',
  description: 'Adds an item (tea, mug or kettle) to the cart',
  input: Type.Object({ item: Type.String() }),
  execute: ({ item }, ctx) => {
    if (!(item in PRICES)) return { added: false, reason: `no ${item} in the shop` };
    ctx.state.cart = [...cartOf(ctx.state), item];
    return { added: true, cart: ctx.state.cart };
  },
});
const checkout = defineTool({
  name: 'checkout',
  description: 'Pays for the cart',
  execute: (_input, ctx) => {
    const total = cartOf(ctx.state).reduce((sum, item) => sum + (PRICES[item] ?? 0), 0);
    ctx.state.paid = total;
    ctx.state.cart = [];
    return { paid: total };
  },
});

const { provider, model, label } = pickModel(() =>
  createFakeProvider()
    .toolCall('add_to_cart', { item: 'tea' })
    .toolCall('add_to_cart', { item: 'mug' })
    .text('Your cart holds tea and a mug.')
    .toolCall('checkout', {})
    .text('Paid.')
    .text('Paid 13 EUR for tea and a mug.'),
);
printHeader('Run state for workflows', { label });

const agent = createReAct(
  createClient(provider, { defaultModel: model, tools: [addToCart, checkout] }),
  {
    // The workflow's phase decides the tools: no checkout with an empty cart.
    prepareIteration: ({ state }) =>
      cartOf(state).length === 0 ? { tools: ['add_to_cart'] } : undefined,
    // An answer after paying must say how much.
    validateFinalAnswer: ({ content, state }) =>
      typeof state.paid === 'number' && !content.includes(String(state.paid))
        ? `Say how much was paid: ${state.paid} EUR.`
        : undefined,
  },
);

// Sessions keep each user's state between prompts (the conversation too).
const sessions = createSessionRunner({
  agent,
  memoryStore: inMemoryMemoryStore(),
  runStore: inMemoryRunStore(),
});
for (const prompt of ['Put tea and a mug in my cart.', 'Check out, please.']) {
  const outcome = await sessions.run('ada', prompt);
  if (outcome.status !== 'completed') throw new Error('the run waits for a decision');
  console.log(`you: ${prompt}`);
  console.log(`agent: ${outcome.result.data}`);
  console.log(`state: ${JSON.stringify(outcome.result.state)}`);
}
await provider.close?.();
