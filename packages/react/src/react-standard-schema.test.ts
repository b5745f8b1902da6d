import {
  type AgentEvent,
  defineTool,
  type Message,
  messageText,
  ParseError,
  ValidationError,
} from '@aigo/ai';
import { createClient, inMemoryMemory } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { createReAct } from './create-react.js';
import type { ReActOverview } from './react-result.js';

// A tool and a final answer written with Zod 4, then with Valibot: the agent sees their JSON Schemas,
// validates with the libraries and types the result from them.
const zodCalculator = defineTool({
  name: 'calculator',
  description: 'Computes a op b',
  input: z.object({
    a: z.number(),
    op: z.enum(['+', '-', '*', '/']),
    b: z.number(),
  }),
  execute: ({ a, op, b }) => ({
    result: op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b,
  }),
});

const ZodTotal = z.object({
  total: z.number().describe('The final total'),
  unit: z.string().default('none'),
});
const ZOD_TOTAL_JSON_SCHEMA = {
  type: 'object',
  properties: {
    total: { type: 'number', description: 'The final total' },
    unit: { type: 'string', default: 'none' },
  },
  required: ['total'],
};

function lastMessage(messages: readonly Message[] | undefined): Message {
  const message = messages?.at(-1);
  if (message === undefined) throw new Error('no messages');
  return message;
}

async function readAll<T>(stream: AsyncIterable<AgentEvent<T>>): Promise<AgentEvent<T>[]> {
  const events: AgentEvent<T>[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('createReAct with Zod 4', () => {
  it('offers the Zod tool, sends the answer JSON Schema and types the result', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 17, op: '*', b: 23 })
      .text('{"total": 391}');
    const client = createClient(provider, { env: {}, tools: [zodCalculator] });
    const agent = createReAct(client, { schema: ZodTotal });

    const result = await agent.execute('17 * 23?');

    expectTypeOf(result).toEqualTypeOf<ReActOverview<{ total: number; unit: string }>>();
    expect(result.data).toEqual({ total: 391, unit: 'none' });
    expect(agent.schema).toBe(ZodTotal);
    expect(agent.jsonSchema).toEqual(ZOD_TOTAL_JSON_SCHEMA);
    const first = provider.requests[0];
    expect(first?.tools).toEqual([
      {
        name: 'calculator',
        description: 'Computes a op b',
        parameters: {
          type: 'object',
          properties: {
            a: { type: 'number' },
            op: { type: 'string', enum: ['+', '-', '*', '/'] },
            b: { type: 'number' },
          },
          required: ['a', 'op', 'b'],
        },
      },
    ]);
    expect(first?.responseFormat).toEqual({
      type: 'json',
      schema: ZOD_TOTAL_JSON_SCHEMA,
      name: 'response',
    });
    expect(first?.systemPrompt).toContain(JSON.stringify(agent.jsonSchema, null, 2));
    expect(messageText(lastMessage(provider.requests[1]?.messages))).toBe('{"result":391}');
  });

  it('gives the model an envelope naming the path of invalid tool arguments', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 1, op: '^', b: 'two' })
      .text('{"total": 3}');
    const client = createClient(provider, { env: {}, tools: [zodCalculator] });
    const events = await readAll(createReAct(client, { schema: ZodTotal }).executeStream('1 ^ 2?'));

    const toolResult = events.find((event) => event.type === 'tool_result');
    expect(toolResult).toMatchObject({ type: 'tool_result', failed: true });
    const envelope = JSON.parse(toolResult?.type === 'tool_result' ? toolResult.result : '{}');
    expect(envelope.error.code).toBe('invalid_arguments');
    expect(envelope.error.message).toMatch(/^Invalid arguments for calculator: \/op: .*; \/b: /);
    const final = events.at(-1);
    expect(final?.type === 'final_answer' && final.result).toEqual({ total: 3, unit: 'none' });
  });

  it('asks once for JSON only, with the JSON Schema and the failing path, when the answer does not fit', async () => {
    const provider = createFakeProvider().text('{"total": "lots"}').text('{"total": 7}');
    const memory = inMemoryMemory();
    const client = createClient(provider, { env: {} });
    const result = await createReAct(client, { schema: ZodTotal }).execute('Sum?', { memory });

    expect(result.data).toEqual({ total: 7, unit: 'none' });
    const retry = messageText(lastMessage(provider.requests[1]?.messages));
    expect(retry).toContain('(/total: Invalid input: expected number, received string)');
    expect(retry).toContain('"total":{"type":"number","description":"The final total"}');
  });

  it('rejects with ParseError naming the path when the retry does not fit either', async () => {
    const provider = createFakeProvider().text('{"total": "lots"}').text('{"total": null}');
    const client = createClient(provider, { env: {} });
    const error = await createReAct(client, { schema: ZodTotal })
      .execute('Sum?')
      .catch((caught: unknown) => caught);
    expect(ParseError.isInstance(error)).toBe(true);
    expect((error as ParseError).issues.map((issue) => issue.path)).toEqual(['/total']);
  });

  it('keeps the JSON Schema out of a Gemini request that offers tools (auto), in the prompt', async () => {
    const provider = createFakeProvider({ id: 'gemini' }).text('{"total": 1}');
    const client = createClient(provider, { env: {}, tools: [zodCalculator] });
    await createReAct(client, { schema: ZodTotal }).execute('x');
    expect(provider.requests[0]?.responseFormat).toBeUndefined();
    expect(provider.requests[0]?.systemPrompt).toContain('"The final total"');
  });
});

describe('createReAct with Valibot', () => {
  const ValibotTotal = toStandardJsonSchema(
    v.object({ total: v.number(), items: v.array(v.string()) }),
  );

  it('streams a final answer typed from the Valibot schema, its JSON Schema sent natively', async () => {
    const provider = createFakeProvider().text(
      'Done: ```json\n{"total": 2, "items": ["a", "b"]}\n```',
    );
    const client = createClient(provider, { env: {} });
    const stream = createReAct(client, { schema: ValibotTotal }).executeStream('Count.');
    const events = await readAll(stream);
    const final = events.at(-1);
    expect(final?.type).toBe('final_answer');
    if (final?.type === 'final_answer') {
      expectTypeOf(final.result).toEqualTypeOf<{ total: number; items: string[] }>();
      expect(final.result).toEqual({ total: 2, items: ['a', 'b'] });
    }
    expect(provider.requests[0]?.responseFormat).toEqual({
      type: 'json',
      name: 'response',
      schema: {
        type: 'object',
        properties: {
          total: { type: 'number' },
          items: { type: 'array', items: { type: 'string' } },
        },
        required: ['total', 'items'],
      },
    });
  });

  it('takes a plain Valibot schema with jsonSchema, and names schema or jsonSchema when they do not fit', async () => {
    const Plain = v.object({ total: v.number() });
    const client = createClient(createFakeProvider().text('{"total": 5}'), { env: {} });
    expect(() => createReAct(client, { schema: Plain })).toThrow(
      expect.objectContaining({ argument: 'schema' }),
    );
    expect(() => createReAct(client, { jsonSchema: { type: 'object' } })).toThrow(
      expect.objectContaining({ argument: 'jsonSchema' }),
    );
    expect(() => createReAct(client, { schema: Plain, jsonSchema: 'x' as never })).toThrow(
      ValidationError,
    );
    const jsonSchema = { type: 'object', properties: { total: { type: 'number' } } };
    const agent = createReAct(client, { schema: Plain, jsonSchema });
    const result = await agent.execute('x');
    expectTypeOf(result.data).toEqualTypeOf<{ total: number }>();
    expect(result.data).toEqual({ total: 5 });
    expect(agent.jsonSchema).toBe(jsonSchema);
  });
});

describe('a schema that is neither typebox, a Standard Schema nor a JSON Schema', () => {
  it("refuses { total: 'number' } with a ValidationError that says what to write", () => {
    const client = createClient(createFakeProvider().text('{"total":"number"}'), { env: {} });
    expect(() => createReAct(client, { schema: { total: 'number' } as never })).toThrow(
      expect.objectContaining({ code: 'validation', argument: 'schema' }),
    );
    expect(() => createReAct(client, { schema: { total: 'number' } as never })).toThrow(
      /is not a JSON Schema: \/total: "total" is not a JSON Schema keyword \(for a property of type number/,
    );
  });

  it('accepts a plain JSON Schema object', () => {
    const client = createClient(createFakeProvider().text('{"total": 5}'), { env: {} });
    const schema = { type: 'object', properties: { total: { type: 'number' } } };
    expect(createReAct(client, { schema: schema as never }).jsonSchema).toBe(schema);
  });
});
