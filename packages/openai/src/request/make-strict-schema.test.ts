import { loadFixtureJson } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { makeStrictSchema } from './make-strict-schema.js';

describe('makeStrictSchema', () => {
  const cases: { name: string; input: Record<string, unknown>; output: Record<string, unknown> }[] =
    [
      {
        name: 'requires every property and closes the object',
        input: {
          type: 'object',
          properties: { city: { type: 'string' }, units: { type: 'string' } },
          required: ['city'],
        },
        output: {
          type: 'object',
          properties: { city: { type: 'string' }, units: { type: 'string' } },
          required: ['city', 'units'],
          additionalProperties: false,
        },
      },
      {
        name: 'keeps the order of an existing required list',
        input: {
          type: 'object',
          properties: { answer: { type: 'string' }, label: { type: 'string' }, extra: {} },
          required: ['label', 'answer'],
        },
        output: {
          type: 'object',
          properties: { answer: { type: 'string' }, label: { type: 'string' }, extra: {} },
          required: ['label', 'answer', 'extra'],
          additionalProperties: false,
        },
      },
      {
        name: 'an object without properties',
        input: { type: 'object' },
        output: { type: 'object', properties: {}, required: [], additionalProperties: false },
      },
      {
        name: 'nested objects, array items and anyOf branches',
        input: {
          type: 'object',
          properties: {
            steps: {
              type: 'array',
              items: { type: 'object', properties: { text: { type: 'string' } } },
            },
            target: {
              anyOf: [{ type: 'object', properties: { id: { type: 'number' } } }, { type: 'null' }],
            },
          },
        },
        output: {
          type: 'object',
          properties: {
            steps: {
              type: 'array',
              items: {
                type: 'object',
                properties: { text: { type: 'string' } },
                required: ['text'],
                additionalProperties: false,
              },
            },
            target: {
              anyOf: [
                {
                  type: 'object',
                  properties: { id: { type: 'number' } },
                  required: ['id'],
                  additionalProperties: false,
                },
                { type: 'null' },
              ],
            },
          },
          required: ['steps', 'target'],
          additionalProperties: false,
        },
      },
      {
        name: '$defs and a nullable object type',
        input: {
          $defs: { Point: { type: ['object', 'null'], properties: { x: { type: 'number' } } } },
          type: 'object',
          properties: { at: { $ref: '#/$defs/Point' } },
          additionalProperties: true,
        },
        output: {
          $defs: {
            Point: {
              type: ['object', 'null'],
              properties: { x: { type: 'number' } },
              required: ['x'],
              additionalProperties: false,
            },
          },
          type: 'object',
          properties: { at: { $ref: '#/$defs/Point' } },
          required: ['at'],
          additionalProperties: false,
        },
      },
      {
        name: 'a scalar schema unchanged',
        input: { type: 'string', enum: ['a', 'b'] },
        output: { type: 'string', enum: ['a', 'b'] },
      },
    ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const before = JSON.stringify(testCase.input);
      expect(makeStrictSchema(testCase.input)).toEqual(testCase.output);
      expect(JSON.stringify(testCase.input)).toBe(before); // the input is not mutated
    });
  }

  it('leaves the recorded strict schemas of OpenAI requests as they are', () => {
    const chat = loadFixtureJson<{
      response_format: { json_schema: { schema: Record<string, unknown> } };
    }>('openai-chat/structured-output-json-schema.request.json');
    const schema = chat.response_format.json_schema.schema;
    expect(makeStrictSchema(schema)).toEqual(schema);
    const responses = loadFixtureJson<{ text: { format: { schema: Record<string, unknown> } } }>(
      'openai-responses/structured-output-json-schema.request.json',
    );
    expect(makeStrictSchema(responses.text.format.schema)).toEqual(responses.text.format.schema);
  });
});
