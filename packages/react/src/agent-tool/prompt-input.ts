import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@aigo/ai';

/** The arguments of an agent tool without an `input` option. */
export interface PromptInput {
  readonly prompt: string;
}

const JSON_SCHEMA = Object.freeze({
  type: 'object',
  properties: Object.freeze({
    prompt: Object.freeze({
      type: 'string',
      description: 'What to ask the agent, complete in itself: it does not see this conversation.',
    }),
  }),
  required: Object.freeze(['prompt']),
  additionalProperties: false,
});

/**
 * The default argument schema of an agent tool, `{ prompt: string }`: a Standard Schema written out
 * (the package loads no schema library for it), with its JSON Schema.
 */
export const PROMPT_INPUT: StandardSchemaV1<PromptInput> & StandardJSONSchemaV1<PromptInput> =
  Object.freeze({
    '~standard': Object.freeze({
      version: 1 as const,
      vendor: 'aigo',
      validate(value: unknown): StandardSchemaV1.Result<PromptInput> {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
          return { issues: [{ message: 'Expected an object { prompt: string }' }] };
        }
        const prompt = (value as { prompt?: unknown }).prompt;
        if (typeof prompt !== 'string' || prompt.trim() === '') {
          return { issues: [{ message: 'Expected a non-empty string', path: ['prompt'] }] };
        }
        return { value: { prompt } };
      },
      jsonSchema: Object.freeze({
        input: () => JSON_SCHEMA as unknown as Record<string, unknown>,
        output: () => JSON_SCHEMA as unknown as Record<string, unknown>,
      }),
    }),
  }) as never;
