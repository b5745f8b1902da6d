/**
 * Structured output: a typed answer you can trust.
 *
 * `createStructuredClient(provider, { schema })` (from `@aigo/client`) sends a typebox schema as the
 * request's response format (natively: OpenAI `json_schema`, Gemini `responseJsonSchema`), then
 * parses the answer leniently — JSON in prose or code fences, trailing commas, comments, unquoted
 * keys and truncation are repaired with `jsonrepair` — and **validates** it against the schema.
 * `data` is typed `Static<typeof schema>`. An answer that cannot be made to fit is a `ParseError`
 * listing what is wrong (path and message), never a silently wrong value.
 *
 * Run: `node dist/structured-output.js` (offline), or with OPENAI_API_KEY / GEMINI_API_KEY set.
 */
import { ParseError } from '@aigo/ai';
import { createStructuredClient, parseStringAs } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import Type from 'typebox';
import { pickModel, printHeader } from './shared/pick-model.js';

const Recipe = Type.Object({
  name: Type.String(),
  servings: Type.Integer({ minimum: 1 }),
  ingredients: Type.Array(Type.Object({ item: Type.String(), grams: Type.Number({ minimum: 0 }) })),
});

// Offline, the scripted model answers the way models often do: prose around a fenced block of
// almost-JSON (trailing commas). The parser still gets a valid Recipe out of it.
const { provider, model, label } = pickModel(() =>
  createFakeProvider().text(
    'Sure! Here is a simple recipe:\n```json\n{"name": "Pancakes", "servings": 4, "ingredients": [' +
      '{"item": "flour", "grams": 250}, {"item": "milk", "grams": 500}, {"item": "eggs", "grams": 120},],}\n```\nEnjoy!',
  ),
);
printHeader('Structured output', { label });

const cooks = createStructuredClient(provider, { schema: Recipe, defaultModel: model });
const { data, usage } = await cooks.sendMessage(
  'Give me a simple pancake recipe, weights in grams.',
);

// data is { name: string; servings: number; ingredients: { item: string; grams: number }[] }.
const total = data.ingredients.reduce((sum, ingredient) => sum + ingredient.grams, 0);
console.log(`${data.name} for ${data.servings}:`);
for (const { item, grams } of data.ingredients) console.log(`  - ${grams} g ${item}`);
console.log(`total weight: ${total} g (${usage?.totalTokens} tokens)`);

// The parser on its own, on an answer that does not fit the schema.
try {
  await parseStringAs('{"name": "Soup", "servings": "four", "ingredients": []}', Recipe);
} catch (error) {
  if (!ParseError.isInstance(error)) throw error;
  const issues = error.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  console.log(`\nan answer that does not fit → ParseError (${issues})`);
}
await provider.close?.();
