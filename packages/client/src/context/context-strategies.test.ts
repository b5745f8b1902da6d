import {
  assistantMessage,
  ContextOverflowError,
  type Message,
  toolMessage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { createFakeProvider, createRecordingObserver } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import {
  call,
  orderProblems,
  textOf,
  withLimits,
} from '../../test/support/test-context-helpers.js';
import { createClient } from '../client/client.js';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { type CompactedToolResult, compactToolResults } from './compact-tool-results.js';
import { slidingWindow } from './sliding-window.js';
import { summarize } from './summarize.js';
import { SUMMARY_HEADING } from './summary-request.js';

/** A memory holding `turns` user/assistant pairs of about `tokens` tokens each message. */
async function history(turns: number, tokens: number) {
  const memory = inMemoryMemory();
  const messages: Message[] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push(userMessage(`question ${turn}: ${textOf(tokens)}`));
    messages.push(assistantMessage(`answer ${turn}: ${textOf(tokens)}`));
  }
  await memory.appendMessages(messages);
  return memory;
}

describe('slidingWindow', () => {
  it('sends the system prompt and the newest turns within the budget; the memory keeps everything', async () => {
    const memory = await history(40, 100);
    const fake = createFakeProvider().text('ok');
    const client = createClient(fake, {
      env: {},
      defaultModel: 'm',
      memory,
      systemPrompt: 'Be brief.',
      context: { maxTokens: 1000, strategies: [slidingWindow()] },
    });
    await client.sendMessage('newest question');
    const sent = fake.requests[0];
    expect(sent?.systemPrompt).toBe('Be brief.');
    const texts = sent?.messages.map((message) => message.content as string) ?? [];
    expect(texts.at(-1)).toBe('newest question');
    expect(texts.length).toBeGreaterThan(4);
    expect(texts.length).toBeLessThan(20);
    // The newest turns, in order: the last stored answer right before the prompt.
    expect(texts.at(-2)).toMatch(/^answer 39:/);
    expect(orderProblems(sent as never)).toEqual([]);
    // The stored conversation is untouched: 80 messages and the new turn.
    expect(memory.size).toBe(82);
  });

  it('without a budget and a model window it knows nothing of, nothing is trimmed', async () => {
    const memory = await history(40, 100);
    const fake = createFakeProvider().text('ok');
    const client = createClient(fake, { env: {}, defaultModel: 'local-model', memory });
    await client.sendMessage('q');
    expect(fake.requests[0]?.messages).toHaveLength(81);
  });

  it('by default, with a memory and a known window: a sliding window at the window minus the output', async () => {
    const memory = await history(40, 100);
    const fake = createFakeProvider().text('ok');
    const provider = withLimits(fake, { contextWindow: 2_000, maxOutputTokens: 500 });
    const client = createClient(provider, { env: {}, defaultModel: 'm', memory });
    await client.sendMessage('q', { maxOutputTokens: 1_000 });
    const kept = fake.requests[0]?.messages ?? [];
    // 1,000 tokens of input: about nine 104-token messages and the prompt.
    expect(kept.length).toBeGreaterThan(4);
    expect(kept.length).toBeLessThan(13);
    expect(orderProblems(fake.requests[0] as never)).toEqual([]);
  });

  it('starts the request with a user message when the window begins at an answer', async () => {
    const memory = inMemoryMemory();
    await memory.appendMessages([
      userMessage(textOf(400)),
      assistantMessage('', [call('c1')]),
      toolMessage('c1', textOf(50)),
      assistantMessage(textOf(50)),
    ]);
    const fake = createFakeProvider().text('ok');
    const client = createClient(fake, {
      env: {},
      defaultModel: 'm',
      memory,
      context: { maxTokens: 300 },
    });
    await client.sendMessage('next');
    const sent = fake.requests[0]?.messages ?? [];
    expect(sent[0]?.role).toBe('user');
    expect(sent[0]?.content).toMatch(/left out to fit the context window/);
    expect(sent.slice(1).map((message) => message.role)).toEqual([
      'assistant',
      'tool',
      'assistant',
      'user',
    ]);
  });
});

describe('compactToolResults', () => {
  it('keeps the head of a bulky result, says what was cut and hands the whole result to keep', async () => {
    const memory = inMemoryMemory();
    const page = textOf(5_000, 'page');
    await memory.appendMessages([
      userMessage('read the page'),
      assistantMessage('', [call('c1', 'fetch')]),
      toolMessage('c1', page, 'fetch'),
      assistantMessage('It is about pages.'),
    ]);
    const kept: CompactedToolResult[] = [];
    const fake = createFakeProvider().text('ok');
    const client = createClient(fake, {
      env: {},
      defaultModel: 'm',
      memory,
      context: {
        maxTokens: 1_000,
        strategies: [
          compactToolResults({ maxTokens: 300, headTokens: 100, keep: (r) => kept.push(r) }),
        ],
      },
    });
    await client.sendMessage('and then?');
    const result = fake.requests[0]?.messages.find((message) => message.role === 'tool');
    expect(result?.toolCallId).toBe('c1');
    const text = result?.content as string;
    expect(text.startsWith(page.slice(0, 400))).toBe(true);
    expect(text.length).toBeLessThan(700);
    expect(text).toMatch(/kept the first ~100 of ~\d+ tokens/);
    expect(text).toContain('"c1"');
    expect(kept).toEqual([{ toolCallId: 'c1', name: 'fetch', content: page }]);
    // The stored result is whole.
    const stored = await memory.allMessages();
    expect(stored[2]?.content).toBe(page);
  });

  it('leaves results alone while the request fits', async () => {
    const memory = inMemoryMemory();
    await memory.appendMessages([
      userMessage('q'),
      assistantMessage('', [call('c1')]),
      toolMessage('c1', textOf(500)),
    ]);
    const fake = createFakeProvider().text('ok');
    const client = createClient(fake, {
      env: {},
      defaultModel: 'm',
      memory,
      context: { maxTokens: 10_000, strategies: [compactToolResults({ maxTokens: 100 })] },
    });
    await client.sendMessage('next');
    expect(fake.requests[0]?.messages[2]?.content).toBe(textOf(500));
  });
});

describe('summarize', () => {
  it('summarises the oldest turns with a model call, sends the summary, keeps it with the conversation', async () => {
    const memory = await history(15, 100);
    const fake = createFakeProvider().text('SUMMARY-1').text('answer').text('answer 2');
    const client = createClient(fake, {
      env: {},
      defaultModel: 'm',
      memory,
      systemPrompt: 'Be brief.',
      context: { maxTokens: 2_000, strategies: [summarize({ maxSummaryTokens: 200 })] },
    });
    await client.sendMessage('question now');
    expect(fake.callCount).toBe(2);
    const summaryCall = fake.requests[0];
    expect(summaryCall?.maxOutputTokens).toBe(200);
    expect(summaryCall?.messages[0]?.content).toMatch(
      /^Summarise this conversation:[\s\S]*User: question 0:/,
    );
    const turn = fake.requests[1];
    expect(turn?.systemPrompt).toBe(`Be brief.\n\n${SUMMARY_HEADING}\nSUMMARY-1`);
    expect(turn?.messages.at(-1)?.content).toBe('question now');
    expect(orderProblems(turn as never)).toEqual([]);
    const window = await memory.readContext({ maxTokens: 100_000 });
    expect(window.summary?.text).toBe('SUMMARY-1');
    const through = window.summary?.through ?? 0;
    expect(through).toBeGreaterThan(0);
    // The first message sent is the one right after the summary.
    expect(turn?.messages[0]).toEqual((await memory.allMessages())[through]);
    // The next turn starts from the stored summary: no second summary call.
    await client.sendMessage('another question');
    expect(fake.callCount).toBe(3);
    expect(fake.requests[2]?.systemPrompt).toContain('SUMMARY-1');
  });
});

describe('context overflow', () => {
  const overflow = () =>
    new ContextOverflowError({ message: 'too long', provider: 'fake', status: 400 });

  it('is recovered once by fitting the request again, smaller', async () => {
    const memory = await history(20, 100);
    const fake = createFakeProvider().error(overflow()).text('ok');
    const client = createClient(fake, {
      env: {},
      defaultModel: 'm',
      memory,
      context: { maxTokens: 100_000 },
    });
    const answer = await client.sendMessage('q');
    expect(answer.content).toBe('ok');
    const [first, second] = fake.requests;
    expect(first?.messages).toHaveLength(41);
    expect(second?.messages.length).toBeLessThan(41);
    expect(second?.messages.at(-1)?.content).toBe('q');
    expect(orderProblems(second as never)).toEqual([]);
    expect(memory.size).toBe(42);
  });

  it('is recovered for a stream that fails to start', async () => {
    const memory = await history(20, 100);
    const fake = createFakeProvider().error(overflow()).text('streamed');
    const client = createClient(fake, {
      env: {},
      defaultModel: 'm',
      memory,
      context: { maxTokens: 100_000 },
    });
    const stream = await client.streamMessage('q');
    expect((await stream.collect()).content).toBe('streamed');
    expect(fake.requests[1]?.messages.length).toBeLessThan(41);
  });

  it('a second overflow rejects with ContextOverflowError', async () => {
    const memory = await history(3, 10);
    const fake = createFakeProvider().error(overflow()).error(overflow());
    const client = createClient(fake, { env: {}, defaultModel: 'm', memory, context: {} });
    const error = await client.sendMessage('q').catch((e: unknown) => e);
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'context_overflow' });
  });

  it('without a context policy and an unknown window, the error reaches the caller at once', async () => {
    const memory = await history(3, 10);
    const fake = createFakeProvider().error(overflow()).text('never');
    const client = createClient(fake, { env: {}, defaultModel: 'local', memory, maxRetries: 0 });
    await expect(client.sendMessage('q')).rejects.toMatchObject({ code: 'context_overflow' });
    expect(fake.callCount).toBe(1);
  });
});

describe('observability', () => {
  it('an aigo.context span and a log line say what was dropped, in counts and tokens only', async () => {
    const memory = await history(30, 100);
    const observer = createRecordingObserver();
    const fake = createFakeProvider().text('ok');
    const client = createClient(fake, {
      env: {},
      defaultModel: 'm',
      memory,
      observer,
      context: { maxTokens: 1_000 },
    });
    await client.sendMessage('q');
    const span = observer.spans.find((one) => one.name === 'aigo.context');
    expect(span?.attributes).toMatchObject({
      'aigo.context.budget_tokens': 1_000,
      'aigo.context.count_method': 'estimate',
      'aigo.context.compacted_results': 0,
    });
    // The bounded read left most of the conversation unread; the window's oldest were dropped.
    expect(span?.attributes['aigo.context.unread_messages']).toBeGreaterThan(40);
    expect(span?.attributes['aigo.context.dropped_messages']).toBeGreaterThan(0);
    expect(span?.attributes['aigo.context.dropped_tokens']).toBeGreaterThan(100);
    expect(span?.attributes['aigo.context.tokens_after']).toBeLessThanOrEqual(1_000);
    const log = observer.logs.find((one) => one.message.includes('context fitted'));
    expect(log?.level).toBe('info');
    expect(JSON.stringify([span?.attributes, log?.attributes])).not.toMatch(/question|answer|word/);
  });
});

describe('bad input', () => {
  it('names the bad context option', () => {
    const fake = createFakeProvider();
    const bad = (context: unknown) => () =>
      createClient(fake, { env: {}, context: context as never });
    expect(bad(5)).toThrow(ValidationError);
    expect(bad(5)).toThrow(/context/);
    expect(bad({ maxTokens: -1 })).toThrow(/context\.maxTokens/);
    expect(bad({ maxTokens: 1.5 })).toThrow(/context\.maxTokens/);
    expect(bad({ maxTokens: Number.NaN })).toThrow(/context\.maxTokens/);
    expect(bad({ strategies: 'slide' })).toThrow(/context\.strategies/);
    expect(bad({ strategies: [{}] })).toThrow(/context\.strategies\[0\]/);
    expect(bad({ maxToken: 5 })).toThrow(/context\.maxToken/);
  });

  it('names the bad strategy option', () => {
    expect(() => slidingWindow({ keepLast: -1 })).toThrow(/keepLast/);
    expect(() => compactToolResults({ maxTokens: 0 })).toThrow(/maxTokens/);
    expect(() => compactToolResults({ keep: 'x' as never })).toThrow(/keep/);
    expect(() => summarize({ targetFraction: 2 })).toThrow(/targetFraction/);
    expect(() => summarize({ maxSummaryTokens: 0.5 })).toThrow(/maxSummaryTokens/);
  });

  it('a memory whose readContext answers nonsense fails the call with MemoryError', async () => {
    const memory = inMemoryMemory();
    const broken = { ...memory, readContext: async () => ({ messages: 'no' }) } as never;
    const client = createClient(createFakeProvider().text('ok'), {
      env: {},
      defaultModel: 'm',
      memory: broken,
      context: { maxTokens: 1_000 },
    });
    await expect(client.sendMessage('q')).rejects.toMatchObject({ code: 'memory_error' });
  });
});
