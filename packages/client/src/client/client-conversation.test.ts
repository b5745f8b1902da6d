import {
  AbortError,
  type ChatStream,
  imagePart,
  MemoryError,
  type Message,
  ProviderError,
  textPart,
  toolMessage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { createFakeProvider, deferred } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { createClient } from './client.js';

const roles = (messages: readonly Message[]) =>
  messages.map(
    (message) =>
      `${message.role}:${typeof message.content === 'string' ? message.content : '[parts]'}`,
  );

async function drain(stream: ChatStream): Promise<void> {
  for await (const _event of stream) {
    // read everything
  }
}

describe('stateless and stateful calls', () => {
  it('without memory each request holds just its prompt', async () => {
    const provider = createFakeProvider().text('a1').text('a2');
    const client = createClient(provider, { defaultModel: 'm', systemPrompt: 'Be brief.' });
    expect((await client.sendMessage('q1')).content).toBe('a1');
    await client.sendMessage('q2');
    expect(provider.lastRequest).toMatchObject({
      model: 'm',
      systemPrompt: 'Be brief.',
      messages: [{ role: 'user', content: 'q2' }],
    });
  });

  it('with memory each request sends the conversation, and the turn (prompt + reply) is stored', async () => {
    const provider = createFakeProvider().text('a1').text('a2');
    const memory = inMemoryMemory();
    const client = createClient(provider, { memory });
    await client.sendMessage('q1');
    await client.sendMessage('q2');
    expect(roles(provider.lastRequest?.messages ?? [])).toEqual([
      'user:q1',
      'assistant:a1',
      'user:q2',
    ]);
    expect(roles(await memory.allMessages())).toEqual([
      'user:q1',
      'assistant:a1',
      'user:q2',
      'assistant:a2',
    ]);
  });

  it('stores the reply through toAssistantMessage: tool calls, reasoning and provider metadata survive', async () => {
    const provider = createFakeProvider().response({
      content: '',
      reasoning: 'thinking',
      toolCalls: [
        {
          id: 'call_a',
          type: 'function',
          function: { name: 'lookup', arguments: '{"q":1}' },
          providerMetadata: { gemini: { thoughtSignature: 'sig' } },
        },
      ],
      providerMetadata: { openai: { reasoningItems: ['rs_1'] } },
    });
    const memory = inMemoryMemory();
    await createClient(provider, { memory }).sendMessage('look it up');
    const [, reply] = await memory.allMessages();
    expect(reply).toEqual({
      role: 'assistant',
      content: '',
      reasoning: 'thinking',
      toolCalls: [
        {
          id: 'call_a',
          type: 'function',
          function: { name: 'lookup', arguments: '{"q":1}' },
          providerMetadata: { gemini: { thoughtSignature: 'sig' } },
        },
      ],
      providerMetadata: { openai: { reasoningItems: ['rs_1'] } },
    });
  });

  it('persistAssistantReplies: false stores only what the caller sent', async () => {
    const memory = inMemoryMemory();
    const client = createClient(createFakeProvider().text('a1'), {
      memory,
      persistAssistantReplies: false,
    });
    await client.sendMessage('q1');
    expect(roles(await memory.allMessages())).toEqual(['user:q1']);
  });

  it('takes content parts and user messages as prompts', async () => {
    const provider = createFakeProvider().default('ok');
    const client = createClient(provider);
    const parts = [textPart('what is this?'), imagePart('iVBORw0KGgo=', 'image/png')];
    await client.sendMessage(parts);
    expect(provider.lastRequest?.messages).toEqual([{ role: 'user', content: parts }]);
    await client.sendMessage(userMessage('plain'));
    expect(provider.lastRequest?.messages).toEqual([{ role: 'user', content: 'plain' }]);
    await expect(client.sendMessage('')).rejects.toMatchObject({ argument: 'prompt' });
    await expect(client.sendMessage({ role: 'assistant', content: 'x' })).rejects.toMatchObject({
      argument: 'prompt.role',
    });
  });

  it('per-call memory serves many conversations with one client; null makes a call stateless', async () => {
    const provider = createFakeProvider().default('ok');
    const client = createClient(provider);
    const alice = inMemoryMemory();
    const bob = inMemoryMemory();
    await client.sendMessage('I am Alice', { memory: alice });
    await client.sendMessage('I am Bob', { memory: bob });
    await client.sendMessage('Who am I?', { memory: alice });
    expect(roles(provider.lastRequest?.messages ?? [])).toEqual([
      'user:I am Alice',
      'assistant:ok',
      'user:Who am I?',
    ]);
    expect(roles(await bob.allMessages())).toEqual(['user:I am Bob', 'assistant:ok']);

    const withMemory = createClient(provider, { memory: alice });
    await withMemory.sendMessage('off the record', { memory: null });
    expect(provider.lastRequest?.messages).toHaveLength(1);
    expect(alice.size).toBe(4);
  });

  it('continueConversation sends the stored conversation and stores given tool results with the reply', async () => {
    const provider = createFakeProvider().toolCall('lookup', { q: 1 }, { id: 'c1' }).text('done');
    const memory = inMemoryMemory();
    const client = createClient(provider, { memory });
    const first = await client.sendMessage('go');
    const results = [toolMessage(first.toolCalls[0]?.id ?? '', '{"found":true}', 'lookup')];
    await client.continueConversation({ messages: results });
    expect(roles(provider.lastRequest?.messages ?? [])).toEqual([
      'user:go',
      'assistant:',
      'tool:{"found":true}',
    ]);
    expect(roles(await memory.allMessages())).toEqual([
      'user:go',
      'assistant:',
      'tool:{"found":true}',
      'assistant:done',
    ]);
  });

  it('continueConversation without a memory is a ValidationError naming memory', async () => {
    const client = createClient(createFakeProvider().default('x'));
    await expect(client.continueConversation()).rejects.toMatchObject({
      name: 'ValidationError',
      argument: 'memory',
    });
    await expect(client.sendMessage('x', { messages: [] } as never)).rejects.toMatchObject({
      argument: 'messages',
    });
  });
});

describe('a failed or aborted call stores nothing', () => {
  it('a provider error rejects and leaves the memory unchanged', async () => {
    const failure = new ProviderError({
      code: 'server_error',
      message: 'boom',
      provider: 'fake',
      status: 500,
      retryable: true,
    });
    const memory = inMemoryMemory();
    await memory.appendMessages([userMessage('before'), { role: 'assistant', content: 'ok' }]);
    // maxRetries: 0, so the one scripted failure is the call's outcome (the client retries 5xx).
    const client = createClient(createFakeProvider().error(failure), { memory, maxRetries: 0 });
    await expect(client.sendMessage('lost')).rejects.toBe(failure);
    expect(roles(await memory.allMessages())).toEqual(['user:before', 'assistant:ok']);
  });

  it('an aborted send rejects with AbortError and stores nothing', async () => {
    const provider = createFakeProvider().onRequest(() => new Promise(() => {}));
    const memory = inMemoryMemory();
    const controller = new AbortController();
    const call = createClient(provider, { memory }).sendMessage('q', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toBeInstanceOf(AbortError);
    expect(memory.size).toBe(0);
  });

  it('a memory that fails to store the turn rejects with MemoryError', async () => {
    const memory = inMemoryMemory();
    const broken = {
      ...memory,
      allMessages: memory.allMessages,
      appendMessages: async () => {
        throw new Error('disk full');
      },
    };
    const client = createClient(createFakeProvider().text('a'), { memory: broken });
    const error = await client.sendMessage('q').catch((reason: unknown) => reason);
    expect(MemoryError.isInstance(error)).toBe(true);
    expect((error as MemoryError).message).toBe('Storing the turn in memory failed: disk full');
  });
});

describe('streaming turns', () => {
  it('stores the turn when the iteration ends normally', async () => {
    const memory = inMemoryMemory();
    const client = createClient(createFakeProvider().text('streamed answer'), { memory });
    const stream = await client.streamMessage('q');
    let text = '';
    for await (const event of stream) if (event.type === 'content') text += event.text;
    expect(text).toBe('streamed answer');
    expect(roles(await memory.allMessages())).toEqual(['user:q', 'assistant:streamed answer']);
  });

  it('collect() resolves once the turn is stored', async () => {
    const memory = inMemoryMemory();
    const gate = deferred<void>();
    const slow = {
      ...memory,
      allMessages: memory.allMessages,
      appendMessages: async (messages: readonly Message[]) => {
        await gate.promise;
        await memory.appendMessages(messages);
      },
    };
    const client = createClient(createFakeProvider().text('a'), { memory: slow });
    const stream = await client.streamMessage('q');
    let collected = false;
    const collecting = stream.collect().then((response) => {
      collected = true;
      return response;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(collected).toBe(false);
    gate.resolve();
    expect((await collecting).content).toBe('a');
    expect(memory.size).toBe(2);
  });

  it('breaking out of the loop stores nothing', async () => {
    const memory = inMemoryMemory();
    const client = createClient(createFakeProvider().text('one two three four').text('next'), {
      memory,
    });
    const stream = await client.streamMessage('q');
    for await (const event of stream) {
      if (event.type === 'content') break;
    }
    expect(memory.size).toBe(0);
    // The memory is free again: the next turn runs.
    await client.sendMessage('again');
    expect(roles(await memory.allMessages())).toEqual(['user:again', 'assistant:next']);
  });

  it('a stream that fails mid-way or is aborted stores nothing', async () => {
    const memory = inMemoryMemory();
    const failure = new ProviderError({
      code: 'stream_error',
      message: 'connection reset',
      provider: 'fake',
      retryable: false,
    });
    const provider = createFakeProvider().error(failure, { afterEvents: 2 }).text('never read');
    const client = createClient(provider, { memory });
    const failing = await client.streamMessage('q');
    await expect(drain(failing)).rejects.toMatchObject({ message: 'connection reset' });
    expect(memory.size).toBe(0);

    const controller = new AbortController();
    const aborted = await client.streamMessage('q', { signal: controller.signal });
    const iterator = aborted[Symbol.asyncIterator]();
    await iterator.next();
    controller.abort();
    const readRest = async () => {
      while (!(await iterator.next()).done) {
        // events queued before the abort still arrive, then the error
      }
    };
    await expect(readRest()).rejects.toBeInstanceOf(AbortError);
    expect(memory.size).toBe(0);
  });

  it('streamContinueConversation continues from the memory and stores the reply', async () => {
    const memory = inMemoryMemory();
    await memory.appendMessage(userMessage('hi'));
    const provider = createFakeProvider().text('hello');
    const stream = await createClient(provider, { memory }).streamContinueConversation();
    expect((await stream.collect()).content).toBe('hello');
    expect(roles(await memory.allMessages())).toEqual(['user:hi', 'assistant:hello']);
  });

  it('a stream that cannot start releases the memory', async () => {
    const memory = inMemoryMemory();
    const failure = new ProviderError({
      code: 'rate_limited',
      message: 'slow down',
      provider: 'fake',
      status: 429,
      retryable: true,
    });
    const provider = createFakeProvider().error(failure).text('then fine');
    const client = createClient(provider, { memory, maxRetries: 0 });
    await expect(client.streamMessage('q')).rejects.toBe(failure);
    await client.sendMessage('again');
    expect(roles(await memory.allMessages())).toEqual(['user:again', 'assistant:then fine']);
  });
});

describe('turns on one memory are serialised', () => {
  it('a second call waits until the first turn is stored, then sends it', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    const starts = [deferred<void>(), deferred<void>()];
    const started: number[] = [];
    const provider = createFakeProvider().onRequest(async (_request, index) => {
      started.push(index);
      starts[index]?.resolve();
      return { content: await (answers[index] as { promise: Promise<string> }).promise };
    });
    const memory = inMemoryMemory();
    const client = createClient(provider, { memory });
    const first = client.sendMessage('first');
    const second = client.sendMessage('second');
    // Let every pending step run: the second call must still be waiting on the memory.
    await starts[0]?.promise;
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(started).toEqual([0]);
    answers[0]?.resolve('answer 1');
    await first;
    await starts[1]?.promise;
    expect(started).toEqual([0, 1]);
    expect(roles(provider.lastRequest?.messages ?? [])).toEqual([
      'user:first',
      'assistant:answer 1',
      'user:second',
    ]);
    answers[1]?.resolve('answer 2');
    await second;
    expect(roles(await memory.allMessages())).toEqual([
      'user:first',
      'assistant:answer 1',
      'user:second',
      'assistant:answer 2',
    ]);
  });

  it('calls on different memories do not wait for each other', async () => {
    const gate = deferred<string>();
    const provider = createFakeProvider().onRequest(async (request) =>
      request.messages.at(-1)?.content === 'slow'
        ? { content: await gate.promise }
        : { content: 'fast' },
    );
    const client = createClient(provider);
    const slow = client.sendMessage('slow', { memory: inMemoryMemory() });
    const fast = await client.sendMessage('quick', { memory: inMemoryMemory() });
    expect(fast.content).toBe('fast');
    gate.resolve('slow done');
    expect((await slow).content).toBe('slow done');
  });

  it('a call aborted while waiting for the memory gives up its place', async () => {
    const gate = deferred<string>();
    const provider = createFakeProvider().onRequest(async (_request, index) =>
      index === 0 ? { content: await gate.promise } : { content: `answer ${index}` },
    );
    const memory = inMemoryMemory();
    const client = createClient(provider, { memory });
    const first = client.sendMessage('first');
    const controller = new AbortController();
    const waiting = client.sendMessage('aborted', { signal: controller.signal });
    const third = client.sendMessage('third');
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(AbortError);
    gate.resolve('answer 0');
    await first;
    await third;
    expect(roles(await memory.allMessages())).toEqual([
      'user:first',
      'assistant:answer 0',
      'user:third',
      'assistant:answer 1',
    ]);
    expect(provider.callCount).toBe(2);
  });

  it('a streaming turn holds the memory until its stream finishes', async () => {
    const memory = inMemoryMemory();
    const provider = createFakeProvider().text('streamed').text('after');
    const client = createClient(provider, { memory });
    const stream = await client.streamMessage('one');
    const next = client.sendMessage('two');
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(provider.callCount).toBe(1);
    await drain(stream);
    await next;
    expect(roles(await memory.allMessages())).toEqual([
      'user:one',
      'assistant:streamed',
      'user:two',
      'assistant:after',
    ]);
  });
});

describe('dangling tool calls', () => {
  const call = (id: string) => ({
    id,
    type: 'function' as const,
    function: { name: 'lookup', arguments: '{}' },
  });

  it('at the end of the memory: repaired in the request and stored with the next turn', async () => {
    const memory = inMemoryMemory();
    await memory.appendMessages([
      userMessage('go'),
      { role: 'assistant', content: '', toolCalls: [call('c1'), call('c2')] },
      toolMessage('c1', '{"found":1}', 'lookup'),
    ]);
    const provider = createFakeProvider().text('recovered');
    await createClient(provider, { memory }).sendMessage('what happened?');
    const sent = provider.lastRequest?.messages ?? [];
    expect(sent.map((message) => message.toolCallId ?? message.role)).toEqual([
      'user',
      'assistant',
      'c1',
      'c2',
      'user',
    ]);
    expect(JSON.parse(sent[3]?.content as string)).toMatchObject({
      ok: false,
      error: { code: 'tool_result_missing' },
    });
    const stored = await memory.allMessages();
    expect(stored.map((message) => message.toolCallId ?? message.role)).toEqual([
      'user',
      'assistant',
      'c1',
      'c2',
      'user',
      'assistant',
    ]);
  });

  it('deep in the history: repaired in the request only', async () => {
    const memory = inMemoryMemory();
    await memory.appendMessages([
      { role: 'assistant', content: '', toolCalls: [call('old')] },
      userMessage('later'),
      { role: 'assistant', content: 'fine' },
    ]);
    const provider = createFakeProvider().text('ok');
    await createClient(provider, { memory }).sendMessage('now');
    expect(
      provider.lastRequest?.messages.map((message) => message.toolCallId ?? message.role),
    ).toEqual(['assistant', 'old', 'user', 'assistant', 'user']);
    expect((await memory.allMessages()).map((message) => message.role)).toEqual([
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('tool results given to continueConversation are not taken for dangling calls', async () => {
    const memory = inMemoryMemory();
    await memory.appendMessages([
      userMessage('go'),
      { role: 'assistant', content: '', toolCalls: [call('c1')] },
    ]);
    const provider = createFakeProvider().text('ok');
    await createClient(provider, { memory }).continueConversation({
      messages: [toolMessage('c1', '{"v":1}', 'lookup')],
    });
    const sent = provider.lastRequest?.messages ?? [];
    expect(sent).toHaveLength(3);
    expect(sent[2]?.content).toBe('{"v":1}');
  });
});

describe('checks', () => {
  it('a per-call option that does not exist is a ValidationError naming it', async () => {
    const client = createClient(createFakeProvider().default('x'));
    const error = await client
      .sendMessage('q', { temprature: 1 } as never)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).argument).toBe('temprature');
    await expect(client.sendMessage('q', { temperature: -1 })).rejects.toMatchObject({
      argument: 'temperature',
    });
    await expect(client.sendMessage('q', { memory: {} as never })).rejects.toMatchObject({
      argument: 'memory',
    });
    await expect(
      client.continueConversation({
        memory: inMemoryMemory(),
        messages: [{ role: 'tool' } as never],
      }),
    ).rejects.toMatchObject({ argument: 'messages[0].content' });
  });
});
