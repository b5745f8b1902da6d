import { type Static, Type } from 'typebox';

/**
 * The typed result of the demo agent: the answer in a sentence, the figures it rests on, and the
 * pages it read. `createReAct` sends this schema to the model (natively where the provider enforces
 * it), parses the final answer leniently, validates it, and types `result.data` as
 * {@link DemoAnswer}.
 */
export const DemoAnswerSchema = Type.Object(
  {
    answer: Type.String({ description: 'The answer to the question, in one or two sentences' }),
    figures: Type.Array(
      Type.Object(
        {
          label: Type.String({ description: 'What the number measures, e.g. "height"' }),
          value: Type.Number(),
          unit: Type.String({ description: 'e.g. "m", "ft", "USD"; "" for a plain number' }),
        },
        { additionalProperties: false },
      ),
      { description: 'The numbers the answer rests on (empty when there are none)' },
    ),
    sources: Type.Array(Type.String(), {
      description: 'The URLs the answer comes from (empty when none was read)',
    }),
  },
  { additionalProperties: false },
);

/** The demo agent's result: `{ answer, figures: { label, value, unit }[], sources }`. */
export type DemoAnswer = Static<typeof DemoAnswerSchema>;
