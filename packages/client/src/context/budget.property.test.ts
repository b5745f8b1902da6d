// Property: a request the client sends holds its budget, counted as `countTokens` counts it (with the
// provider, when the provider counts): the messages kept, the note that opens a request whose kept
// part begins with an answer, the summary in the system prompt — whenever what no strategy may leave
// out (the system prompt, the current turn, the note, a summary) fits the budget. (A memory's stored
// counts are taken as they are, so its history is stored with the counts the client would store.)
import {
  assistantMessage,
  type ChatRequest,
  type Message,
  messageText,
  type StreamProvider,
  type TokenCount,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import { createFakeProvider, type FakeProvider, seededRandom } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import {
  call,
  orderProblems,
  pick,
  plainMemory,
  randomHistory,
  textOf,
} from '../../test/support/test-context-helpers.js';
import { createClient } from '../client/client.js';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { compactToolResults } from './compact-tool-results.js';
import type { ContextStrategy } from './context-strategy.js';
import { countTokens } from './count-tokens.js';
import { estimateMessageTokens } from './estimate-tokens.js';
import { slidingWindow } from './sliding-window.js';
import { summarize } from './summarize.js';
import { OMITTED_NOTE, withSummary } from './summary-request.js';

/** How the provider counts: not at all (the client estimates), message by message, or whole requests only. */
type Counting = 'none' | 'tokenizer' | 'endpoint';

/** The counting fakes' tokens: three characters a token, where the client's estimate says four. */
const tokensOfText = (text: string): number => Math.ceil(text.length / 3);

function fakeMessageTokens(message: Message): number {
  let tokens = 5 + tokensOfText(messageText(message));
  for (const one of message.toolCalls ?? []) {
    tokens += 3 + tokensOfText(one.function.name) + tokensOfText(one.function.arguments);
  }
  if (message.toolCallId !== undefined) tokens += tokensOfText(message.toolCallId);
  return tokens;
}

function fakeFixedTokens(request: ChatRequest): number {
  return 2 + (request.systemPrompt === undefined ? 0 : 5 + tokensOfText(request.systemPrompt));
}

/** A provider over `fake` that counts as `counting` says. */
function countingProvider(fake: FakeProvider, counting: Counting): StreamProvider {
  if (counting === 'none') return fake;
  return {
    id: fake.id,
    sendMessage: (request, options) => fake.sendMessage(request, options),
    streamMessage: (request, options) => fake.streamMessage(request, options),
    async countTokens(request: ChatRequest): Promise<TokenCount> {
      const messages = request.messages.map(fakeMessageTokens);
      const fixed = fakeFixedTokens(request);
      let tokens = fixed;
      for (const one of messages) tokens += one;
      return counting === 'tokenizer'
        ? { tokens, exact: true, method: 'tokenizer', estimated: [], messages, fixed }
        : { tokens, exact: true, method: 'endpoint', estimated: [] };
    },
  };
}

const SYSTEM = 'You answer questions about the weather, briefly.';
/** What the fake answers, to turns and to summary calls alike. */
const ANSWER = 'fine';

const STRATEGY_SETS: readonly (() => ContextStrategy[])[] = [
  () => [slidingWindow()],
  () => [compactToolResults({ maxTokens: 200, headTokens: 50 }), slidingWindow()],
  () => [summarize({ maxSummaryTokens: 100 }), slidingWindow()],
  () => [compactToolResults(), summarize(), slidingWindow()],
];

/**
 * What no strategy may leave out of the turn `sent` sends, counted with the note and a summary: the
 * prompt, and on a history that ended with a call left without its result, that call with the error
 * result the client gives it (they go with the turn).
 */
async function floorOf(
  provider: StreamProvider,
  sent: ChatRequest,
  repaired: boolean,
): Promise<number> {
  const messages = sent.messages;
  let start = messages.length - 1;
  if (repaired) {
    while (start > 0 && messages[start - 1]?.role === 'tool') start -= 1;
    start -= 1;
  }
  const request: ChatRequest = {
    model: 'm',
    systemPrompt: withSummary(SYSTEM, ANSWER),
    messages: [OMITTED_NOTE, ...messages.slice(start)],
  };
  return (await countTokens(request, { provider })).tokens;
}

describe('the budget holds (property)', () => {
  it('for 300 random histories, budgets, memories, strategies and counting providers', async () => {
    const random = seededRandom(49_000_049);
    let checked = 0;
    let trimmed = 0;
    for (let run = 0; run < 300; run++) {
      const counting = pick(random, ['none', 'tokenizer', 'endpoint'] as const);
      const history = randomHistory(random, 1 + Math.floor(random() * 80));
      const fake = createFakeProvider().default(ANSWER);
      const provider = countingProvider(fake, counting);
      const memory = random() < 0.5 ? inMemoryMemory() : plainMemory();
      // A memory that keeps counts holds them as the client stores them: the provider's where it
      // counts messages (stored counts are taken as they are).
      await memory.appendMessages(history, {
        tokenCounts: history.map((message) =>
          counting === 'tokenizer' ? fakeMessageTokens(message) : estimateMessageTokens(message),
        ),
      });
      const maxTokens = pick(random, [300, 1_000, 2_000, 4_000, 8_000, 16_000, 40_000]);
      const client = createClient(provider, {
        env: {},
        defaultModel: 'm',
        memory,
        systemPrompt: SYSTEM,
        context: { maxTokens, strategies: pick(random, STRATEGY_SETS)() },
      });
      // The client's estimate learns from the usage a call reports: without a counting provider the
      // raw estimate is compared on a conversation's first turn only.
      const turns = counting === 'none' ? 1 : 1 + Math.floor(random() * 3);
      for (let turn = 0; turn < turns; turn++) {
        const prompt = `turn ${turn}: ${textOf(Math.floor(random() * 300))}`;
        await client.sendMessage(prompt);
        const sent = fake.requests.at(-1) as ChatRequest;
        expect(sent.messages.at(-1)?.content).toBe(prompt);
        expect(orderProblems(sent)).toEqual([]);
        const last = history.at(-1);
        const repaired =
          turn === 0 && last?.role === 'assistant' && (last.toolCalls?.length ?? 0) > 0;
        if ((await floorOf(provider, sent, repaired)) > maxTokens) continue;
        const count = await countTokens(sent, { provider });
        expect(
          count.tokens,
          `run ${run} (${counting}), turn ${turn}, budget ${maxTokens}`,
        ).toBeLessThanOrEqual(maxTokens);
        checked += 1;
        if (sent.messages.length < history.length + 2 * turn + 1) trimmed += 1;
      }
    }
    // The property was put to the test: most turns fit their floor, and many were trimmed.
    expect(checked).toBeGreaterThan(300);
    expect(trimmed).toBeGreaterThan(150);
  });
});

/** `cycles` of a user question, a tool call with its result and an answer (four messages each). */
function toolConversation(cycles: number): Message[] {
  const messages: Message[] = [];
  for (let cycle = 0; cycle < cycles; cycle++) {
    messages.push(userMessage(`question ${cycle}: ${textOf(40)}`));
    messages.push(assistantMessage('', [call(`call-${cycle}`, 'lookup', `{"q":"${cycle}"}`)]));
    messages.push(toolMessage(`call-${cycle}`, `result ${cycle}: ${textOf(120)}`, 'lookup'));
    messages.push(assistantMessage(`answer ${cycle}: ${textOf(60)}`));
  }
  return messages;
}

describe('the budget holds on a 300-message conversation with tool calls', () => {
  it.each([1_000, 2_000, 4_000, 8_000, 16_000])(
    'at %i tokens, the note that opens the request counted',
    async (maxTokens) => {
      const memory = plainMemory();
      await memory.appendMessages(toolConversation(75));
      const fake = createFakeProvider().default(ANSWER);
      const client = createClient(fake, {
        env: {},
        defaultModel: 'm',
        memory,
        systemPrompt: SYSTEM,
        context: { maxTokens },
      });
      await client.sendMessage('And tomorrow?');
      const sent = fake.requests[0] as ChatRequest;
      expect((await countTokens(sent)).tokens).toBeLessThanOrEqual(maxTokens);
      expect(sent.messages[0]?.role).toBe('user');
      expect(sent.messages.length).toBeLessThan(301);
      expect(orderProblems(sent)).toEqual([]);
    },
  );
});
