import { type AgentEvent, AgentStoppedError, defineTool, type SuspendedRun } from '@aigo/ai';
import { createClient, inMemoryMemory, inMemoryMemoryStore } from '@aigo/client';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { approvalTools } from '../test/support/approval-tools.js';
import { outline } from '../test/support/helpers.js';
import { createReAct } from './create-react.js';
import { createSteeringQueue } from './steering/steering-queue.js';

const lookup = defineTool({
  name: 'lookup',
  description: 'Looks a city up',
  input: Type.Object({ city: Type.String() }),
  execute: ({ city }) => ({ city, found: true }),
});

/** The event types of a stream (a run of `content` fragments as one), with steering messages. */
function shape(events: readonly AgentEvent<unknown>[]): string[] {
  const shown = events.map((event) =>
    event.type === 'steering_message'
      ? `steering_message(${event.iteration}): ${String(event.message.content)}`
      : event.type === 'iteration_start'
        ? `iteration_start(${event.iteration})`
        : event.type,
  );
  return shown.filter((type, index) => type !== 'content' || shown[index - 1] !== 'content');
}

describe('steering a running agent', () => {
  it('a message steered while a streamed run calls tools in parallel joins after every tool result, in order', async () => {
    const model = createFakeProvider()
      .toolCalls([
        { name: 'lookup', args: { city: 'Lisbon' }, id: 'a' },
        { name: 'lookup', args: { city: 'Porto' }, id: 'b' },
      ])
      .text('Porto it is.');
    const agent = createReAct(createClient(model, { env: {}, tools: [lookup] }));
    const memory = inMemoryMemory();
    const stream = agent.executeStream('Plan a trip', { memory });
    const events: AgentEvent<string>[] = [];
    for await (const event of stream) {
      events.push(event);
      if (event.type === 'tool_call' && event.toolCall.id === 'a') {
        expect(stream.steer('Only Porto, please.')).toBe('queued');
        expect(stream.steer('And by train.')).toBe('queued');
      }
    }
    expect((await stream.collect()).data).toBe('Porto it is.');
    expect(shape(events)).toEqual([
      'iteration_start(1)',
      'tool_call',
      'tool_call',
      'tool_result',
      'tool_result',
      'steering_message(2): Only Porto, please.',
      'steering_message(2): And by train.',
      'iteration_start(2)',
      'content',
      'final_answer',
    ]);
    expect(outline(await memory.allMessages())).toEqual([
      'user: Plan a trip',
      'assistant: calls lookup#a, lookup#b',
      'tool#a: {"city":"Lisbon","found":true}',
      'tool#b: {"city":"Porto","found":true}',
      'user: Only Porto, please.',
      'user: And by train.',
      'assistant: Porto it is.',
    ]);
    expect(outline(model.requests[1]?.messages ?? []).slice(-2)).toEqual([
      'user: Only Porto, please.',
      'user: And by train.',
    ]);
    expect(stream.steer('Thanks!')).toBe('finished');
    expect((await memory.allMessages()).length).toBe(7);
  });

  it('a message steered before the stream is read joins the first model call, after the prompt', async () => {
    const model = createFakeProvider().text('Hello, Ada.');
    const agent = createReAct(createClient(model, { env: {} }));
    const stream = agent.executeStream('Hi');
    expect(stream.steer('I am Ada.')).toBe('queued');
    const events: AgentEvent<string>[] = [];
    for await (const event of stream) events.push(event);
    expect(shape(events).slice(0, 2)).toEqual([
      'steering_message(1): I am Ada.',
      'iteration_start(1)',
    ]);
    expect(outline(model.requests[0]?.messages ?? [])).toEqual(['user: Hi', 'user: I am Ada.']);
  });

  it('execute takes a queue pushed from elsewhere; after the run it answers finished and stores nothing', async () => {
    const steering = createSteeringQueue();
    const model = createFakeProvider().onRequest((request, index) => {
      if (index === 0) {
        // Someone else speaks while the model thinks.
        expect(steering.push('Mind the budget.')).toBe('queued');
        const call = { name: 'lookup', arguments: '{"city":"Rome"}' };
        return { toolCalls: [{ id: 'r', type: 'function', function: call }] };
      }
      return { content: `Seen: ${String(request.messages.at(-1)?.content)}` };
    });
    const agent = createReAct(createClient(model, { env: {}, tools: [lookup] }));
    const memory = inMemoryMemory();
    const result = await agent.execute('Trip to Rome', { memory, steering });
    expect(result.data).toBe('Seen: Mind the budget.');
    expect(steering.push('Too late')).toBe('finished');
    expect(outline(await memory.allMessages()).at(-2)).toBe('user: Mind the budget.');
    expect(JSON.stringify(await memory.allMessages())).not.toContain('Too late');
    await expect(agent.execute('Again', { steering })).rejects.toThrow(/ended/);
  });

  it('tools, prepareIteration and validateFinalAnswer steer through their context', async () => {
    const nudge = defineTool({
      name: 'nudge',
      description: 'Asks the user something',
      execute: (_input, ctx) => ctx.steer('(from the tool) keep it short'),
    });
    const model = createFakeProvider().toolCall('nudge', {}).text('A long answer.').text('Short.');
    const seen: string[] = [];
    const agent = createReAct(createClient(model, { env: {}, tools: [nudge] }), {
      prepareIteration: ({ iteration, steer }) => {
        if (iteration === 1) seen.push(steer('(from prepareIteration) hello'));
        return undefined;
      },
      validateFinalAnswer: ({ content, steer }) => {
        if (content === 'A long answer.') seen.push(steer('(from validateFinalAnswer) shorter'));
        return undefined;
      },
    });
    const memory = inMemoryMemory();
    const result = await agent.execute('Go', { memory });
    // An accepted answer with a message waiting is not final: the model reads the message first.
    expect(result.data).toBe('Short.');
    expect(result.iterations).toBe(3);
    expect(seen).toEqual(['queued', 'queued']);
    expect(outline(await memory.allMessages())).toEqual([
      'user: Go',
      'user: (from prepareIteration) hello',
      'assistant: calls nudge#call_1',
      'tool#call_1: "queued"',
      'user: (from the tool) keep it short',
      'assistant: A long answer.',
      'user: (from validateFinalAnswer) shorter',
      'assistant: Short.',
    ]);
  });

  it('steering with something that is not a prompt throws a ValidationError; nothing is queued', async () => {
    const model = createFakeProvider().text('ok');
    const agent = createReAct(createClient(model, { env: {} }));
    const stream = agent.executeStream('Hi');
    expect(() => stream.steer({ role: 'assistant', content: 'no' } as never)).toThrow(
      expect.objectContaining({ argument: 'message' }),
    );
    expect(() => createSteeringQueue().push('' as never)).toThrow(
      expect.objectContaining({ argument: 'message' }),
    );
    await expect(agent.execute('Hi', { steering: {} as never })).rejects.toThrow(
      expect.objectContaining({ argument: 'steering' }),
    );
    await stream.collect();
    expect(model.requests[0]?.messages).toHaveLength(1);
  });

  it('spans get an aigo.steering event, with the text only when content is captured', async () => {
    for (const captureContent of [false, true]) {
      const observer = createRecordingObserver({ captureContent });
      const model = createFakeProvider().text('ok');
      const agent = createReAct(createClient(model, { env: {}, observer }));
      const stream = agent.executeStream('Hi', { runId: 'run-s' });
      stream.steer('A secret plan');
      await stream.collect();
      const span = observer.spans.find((candidate) => candidate.name === 'invoke_agent react');
      const event = span?.events.find((candidate) => candidate.name === 'aigo.steering');
      expect(event?.attributes).toEqual({
        'aigo.run.id': 'run-s',
        'aigo.react.iteration': 1,
        ...(captureContent ? { 'aigo.steering.text': 'A secret plan' } : {}),
      });
    }
  });
});

describe('steering a suspended run', () => {
  it('a message steered in the iteration that suspends is kept with the suspended value and read first on resume', async () => {
    const kit = approvalTools();
    const model = createFakeProvider()
      .toolCall('send_money', { to: 'alice', amount: 20 })
      .text('Sent, and noted.');
    const agent = createReAct(createClient(model, { env: {}, tools: kit.tools }), {
      approval: ['send_money'],
    });
    const memory = inMemoryMemoryStore().conversation('c1');
    const stream = agent.executeStream('Pay alice 20', { memory });
    let suspended: SuspendedRun | undefined;
    for await (const event of stream) {
      // The iteration's messages were delivered before its iteration_start: this one waits.
      if (event.type === 'iteration_start') stream.steer('Use EUR.');
      if (event.type === 'interaction_requested') suspended = event.suspended;
    }
    expect(stream.steer('After the end')).toBe('finished');
    const value = suspended as SuspendedRun;
    expect((value.state as { steering?: unknown }).steering).toEqual([
      { role: 'user', content: 'Use EUR.' },
    ]);
    const stored = JSON.parse(JSON.stringify(value)) as SuspendedRun;
    const resumed = agent.resumeStream(stored, { call_1: { approved: true } }, { memory });
    const types: string[] = [];
    for await (const event of resumed) types.push(event.type);
    expect(types.slice(0, 5)).toEqual([
      'interaction_resumed',
      'tool_call',
      'tool_result',
      'steering_message',
      'iteration_start',
    ]);
    expect(outline(await memory.allMessages())).toEqual([
      'user: Pay alice 20',
      'assistant: calls send_money#call_1',
      'tool#call_1: {"sent":20,"to":"alice"}',
      'user: Use EUR.',
      'assistant: Sent, and noted.',
    ]);
  });

  it('a queue stays open while its run waits: messages pushed meanwhile go in on resume, after the saved ones', async () => {
    const kit = approvalTools();
    const model = createFakeProvider()
      .toolCall('send_money', { to: 'bob', amount: 5 })
      .text('Done.');
    const agent = createReAct(createClient(model, { env: {}, tools: kit.tools }), {
      approval: ['send_money'],
    });
    const steering = createSteeringQueue();
    const error = await agent.execute('Pay bob 5', { steering }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    if (!AgentStoppedError.isInstance(error) || error.suspended === undefined) throw error;
    expect(steering.push('He is my brother.')).toBe('queued');
    await agent.resume(error.suspended, { call_1: { approved: true } }, { steering });
    expect(outline(model.requests[1]?.messages ?? []).slice(-2)).toEqual([
      'tool#call_1: {"sent":5,"to":"bob"}',
      'user: He is my brother.',
    ]);
    expect(steering.push('bye')).toBe('finished');
  });
});
