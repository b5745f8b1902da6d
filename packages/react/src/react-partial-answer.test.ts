import type { AgentEvent } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { calculator } from '../test/support/helpers.js';
import { createReAct } from './create-react.js';

async function readAll<T>(stream: AsyncIterable<AgentEvent<T>>): Promise<AgentEvent<T>[]> {
  const events: AgentEvent<T>[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

function partialsOf<T>(events: readonly AgentEvent<T>[]): unknown[] {
  return events.flatMap((event) => (event.type === 'partial_answer' ? [event.partial] : []));
}

/** True when `next` keeps everything `previous` showed: strings may only grow. */
function extendsValue(previous: unknown, next: unknown): boolean {
  if (typeof previous === 'string') return typeof next === 'string' && next.startsWith(previous);
  if (Array.isArray(previous)) {
    return (
      Array.isArray(next) &&
      next.length >= previous.length &&
      previous.every((item, index) => extendsValue(item, next[index]))
    );
  }
  if (previous !== null && typeof previous === 'object') {
    if (next === null || typeof next !== 'object' || Array.isArray(next)) return false;
    return Object.entries(previous).every(
      ([key, value]) => key in next && extendsValue(value, (next as Record<string, unknown>)[key]),
    );
  }
  return Object.is(previous, next);
}

const Order = Type.Object({
  customer: Type.String(),
  lines: Type.Array(Type.Object({ sku: Type.String(), qty: Type.Integer() })),
  paid: Type.Boolean(),
});
const ORDER =
  '{"customer": "Ada Lovelace", "lines": [{"sku": "A-1", "qty": 2}, {"sku": "B-7", "qty": 1}], "paid": true}';

describe('partial_answer events', () => {
  it('stream the typed answer as it grows: new values, never retracted, ending at the result', async () => {
    const agent = createReAct(
      createClient(createFakeProvider().text(ORDER), { defaultModel: 'm', env: {} }),
      { schema: Order },
    );

    const events = await readAll(agent.executeStream('Take the order.'));
    const partials = partialsOf(events);

    expect(partials.length).toBeGreaterThan(4);
    for (let index = 1; index < partials.length; index++) {
      expect(partials[index]).not.toBe(partials[index - 1]);
      expect(extendsValue(partials[index - 1], partials[index])).toBe(true);
    }
    const final = events.at(-1);
    expect(final?.type).toBe('final_answer');
    expect(partials.at(-1)).toEqual(final?.type === 'final_answer' ? final.result : undefined);
    // A finished line is the same object in every later partial.
    const withLines = partials.filter(
      (partial) => ((partial as { lines?: unknown[] }).lines?.length ?? 0) >= 1,
    ) as { lines: unknown[] }[];
    const firstLine = withLines.find((partial) => partial.lines.length === 2)?.lines[0];
    expect(withLines.at(-1)?.lines[0]).toBe(firstLine);
    // Every partial comes after the content it was read from, before final_answer.
    const firstPartial = events.findIndex((event) => event.type === 'partial_answer');
    expect(events.slice(0, firstPartial).some((event) => event.type === 'content')).toBe(true);
  });

  it('skip prose and a code fence around the JSON', async () => {
    const agent = createReAct(
      createClient(
        createFakeProvider().text('Sure! Here it is:\n```json\n{"total": 5}\n```\nAnything else?'),
        { defaultModel: 'm', env: {} },
      ),
      { schema: Type.Object({ total: Type.Number() }) },
    );

    const partials = partialsOf(await readAll(agent.executeStream('2 + 3?')));

    expect(partials).toEqual([{}, { total: 5 }]);
  });

  it('are not emitted without a schema, nor for a schema whose shape does not stream', async () => {
    const plain = createReAct(
      createClient(createFakeProvider().text('{"total": 5}'), { defaultModel: 'm', env: {} }),
    );
    const text = createReAct(
      createClient(createFakeProvider().text('{"total": 5}'), { defaultModel: 'm', env: {} }),
      { schema: Type.String() },
    );
    const union = createReAct(
      createClient(createFakeProvider().text('{"total": 5}'), { defaultModel: 'm', env: {} }),
      {
        schema: Type.Union([
          Type.Object({ total: Type.Number() }),
          Type.Object({ error: Type.String() }),
        ]),
      },
    );

    for (const agent of [plain, text, union]) {
      const events = await readAll<unknown>(agent.executeStream('2 + 3?'));
      expect(partialsOf(events)).toEqual([]);
      expect(events.at(-1)?.type).toBe('final_answer');
    }
  });

  it('of a discriminated union wait until the discriminator is complete', async () => {
    const Shape = Type.Union([
      Type.Object({ radius: Type.Number(), kind: Type.Literal('circle') }),
      Type.Object({ side: Type.Number(), kind: Type.Literal('square') }),
    ]);
    const agent = createReAct(
      createClient(createFakeProvider().text('{"radius": 2, "kind": "circle"}'), {
        defaultModel: 'm',
        env: {},
      }),
      { schema: Shape },
    );

    const partials = partialsOf(await readAll(agent.executeStream('A shape?')));

    expect(partials).toEqual([{ radius: 2, kind: 'circle' }]);
  });

  it('stop when the reply turns out to call tools; the final answer streams anew', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { a: 2, op: '+', b: 3 }, { content: '{"total": ' })
      .text('{"total": 5}');
    const agent = createReAct(
      createClient(provider, { defaultModel: 'm', env: {}, tools: [calculator] }),
      { schema: Type.Object({ total: Type.Number() }) },
    );

    const events = await readAll(agent.executeStream('2 + 3?'));

    const first = events.filter((event) => event.iteration === 1);
    const toolCallAt = first.findIndex((event) => event.type === 'tool_call');
    expect(first.slice(toolCallAt).some((event) => event.type === 'partial_answer')).toBe(false);
    expect(
      events.filter((event) => event.iteration === 2 && event.type === 'partial_answer'),
    ).toMatchObject([{ partial: {} }, { partial: { total: 5 } }]);
  });

  it('start over in the JSON-only retry of an answer that did not parse', async () => {
    const provider = createFakeProvider().text('The total is five.').text('{"total": 5}');
    const agent = createReAct(createClient(provider, { defaultModel: 'm', env: {} }), {
      schema: Type.Object({ total: Type.Number() }),
    });

    const events = await readAll(agent.executeStream('2 + 3?'));

    expect(partialsOf(events)).toEqual([{}, { total: 5 }]);
    expect(events.at(-1)).toMatchObject({ type: 'final_answer', result: { total: 5 } });
  });

  it("are counted on the agent's span, with one event per model call", async () => {
    const observer = createRecordingObserver();
    const provider = createFakeProvider().text('{"total": "five"}').text('{"total": 5}');
    const agent = createReAct(createClient(provider, { defaultModel: 'm', env: {}, observer }), {
      schema: Type.Object({ total: Type.Number() }),
      name: 'adder',
    });

    const events = await readAll(agent.executeStream('2 + 3?'));

    const span = observer.spans.find((candidate) => candidate.name === 'invoke_agent adder');
    const partials = partialsOf(events);
    expect(partials).toEqual([{}, { total: 'five' }, {}, { total: 5 }]);
    expect(span?.attributes['aigo.react.partial_answers']).toBe(4);
    expect(span?.events.map((event) => event.name)).toEqual([
      'aigo.answer.partial',
      'aigo.answer.partial',
    ]);
    expect(span?.events[0]?.attributes).toEqual({ 'aigo.react.iteration': 1 });
  });

  it('cost nothing to a run that is not streamed', async () => {
    const observer = createRecordingObserver();
    const agent = createReAct(
      createClient(createFakeProvider().text(ORDER), { defaultModel: 'm', env: {}, observer }),
      { schema: Order },
    );

    const result = await agent.execute('Take the order.');

    expect(result.data.lines).toHaveLength(2);
    const span = observer.spans.find((candidate) => candidate.name.startsWith('invoke_agent'));
    expect(span?.attributes['aigo.react.partial_answers']).toBeUndefined();
    expect(span?.events).toEqual([]);
  });
});
