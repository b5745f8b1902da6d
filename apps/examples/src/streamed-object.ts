/**
 * Streamed structured output: a typed answer you can show while the model writes it.
 *
 * `createStructuredClient(provider, { schema }).streamMessage(prompt)` resolves to a
 * `StructuredStream`:
 * - `partials` — the answer so far, a new object each time it grew (strings grow, numbers and
 *   booleans appear once complete, nothing is ever taken back), typed `DeepPartial<Trip>`;
 * - `elements` — each element of an array (here the `days`, named with `elements: 'days'`) once it is
 *   complete and checked against its schema;
 * - `final` — what `sendMessage` would have resolved to: parsed, repaired and validated;
 * - `events` — the model stream's own events (usage, finish).
 * Prose or a code fence around the JSON is skipped; `final` goes through the lenient parser as always.
 *
 * Run: `node dist/streamed-object.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { createStructuredClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';
import { typingModel } from './shared/typing-model.js';

const Trip = Type.Object({
  city: Type.String(),
  summary: Type.String(),
  days: Type.Array(
    Type.Object({
      day: Type.Integer({ minimum: 1 }),
      plan: Type.String(),
      walkingKm: Type.Number({ minimum: 0 }),
    }),
  ),
});

// Offline, the scripted model answers with prose and a fenced block, a few characters at a time.
const { provider, model, label } = pickModel(() =>
  typingModel(
    createFakeProvider().text(
      'Here is your plan:\n```json\n{"city": "Lisbon", "summary": "Hills, tiles and the river.", ' +
        '"days": [{"day": 1, "plan": "Alfama and the castle", "walkingKm": 6.5}, ' +
        '{"day": 2, "plan": "Belém by the river", "walkingKm": 4}, ' +
        '{"day": 3, "plan": "Sintra by train", "walkingKm": 8}]}\n```',
    ),
  ),
);
printHeader('Streamed structured output', { label });

const planner = createStructuredClient(provider, { schema: Trip, defaultModel: model });
const stream = await planner.streamMessage(
  'Plan three days in Lisbon: a plan and km walked per day.',
  {
    elements: 'days',
  },
);

// The growing object and the finished days, read at the same time.
let partials = 0;
await Promise.all([
  (async () => {
    for await (const partial of stream.partials) {
      partials++;
      console.log(`partial: ${JSON.stringify(partial)}`);
    }
  })(),
  (async () => {
    // Each `day` is typed { day: number; plan: string; walkingKm: number }.
    for await (const day of stream.elements) {
      console.log(`  day ${day.day} complete: ${day.plan} (${day.walkingKm} km)`);
    }
  })(),
]);

const { data, usage } = await stream.final;
const km = data.days.reduce((sum, day) => sum + day.walkingKm, 0);
console.log(
  `final: ${data.city}, ${data.days.length} days, ${km} km in all — after ${partials} partials (${usage?.totalTokens} tokens)`,
);
await provider.close?.();
