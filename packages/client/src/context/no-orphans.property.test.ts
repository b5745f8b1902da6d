// Property: whatever the history and the budget, a request never holds a tool call without its
// result or a result without its call, and its first message after the system prompt is the user's.
import {
  assistantMessage,
  type MemoryProvider,
  type Message,
  type ToolCall,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import { createFakeProvider, seededRandom } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { call, orderProblems, textOf } from '../../test/support/test-context-helpers.js';
import { createClient } from '../client/client.js';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { compactToolResults } from './compact-tool-results.js';
import type { ContextStrategy } from './context-strategy.js';
import { slidingWindow } from './sliding-window.js';
import { summarize } from './summarize.js';

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

/** A random history: user and assistant messages, tool calls with their results, stray results. */
function randomHistory(random: Random, length: number): Message[] {
  // Conversations open with the user; what follows is random.
  const messages: Message[] = [userMessage('hello')];
  let next = 0;
  while (messages.length < length) {
    const kind = random();
    const size = Math.floor(random() * 400) + 1;
    if (kind < 0.35) messages.push(userMessage(textOf(size)));
    else if (kind < 0.6) messages.push(assistantMessage(textOf(size)));
    else if (kind < 0.95) {
      const calls: ToolCall[] = [];
      const count = 1 + Math.floor(random() * 3);
      for (let index = 0; index < count; index++) calls.push(call(`c${next++}`));
      messages.push(assistantMessage(random() < 0.5 ? '' : textOf(20), calls));
      // Results in any order, some very large.
      const order = [...calls].sort(() => random() - 0.5);
      for (const one of order) {
        const big = random() < 0.2 ? 5_000 : size;
        messages.push(toolMessage(one.id, textOf(big), 'lookup'));
      }
    } else {
      messages.push(toolMessage(`stray${next++}`, textOf(size), 'lookup'));
    }
  }
  // Sometimes the history ends with a call that never got its result.
  if (random() < 0.2) messages.push(assistantMessage('', [call(`c${next++}`)]));
  return messages;
}

/** A memory without bounded reads (only the required methods). */
function plainMemory(): MemoryProvider {
  const stored: Message[] = [];
  return {
    async appendMessages(batch) {
      stored.push(...batch);
    },
    async appendMessage(message) {
      stored.push(message);
    },
    async allMessages() {
      return stored.slice();
    },
    async clear() {
      stored.length = 0;
    },
  };
}

const STRATEGY_SETS: readonly (() => ContextStrategy[])[] = [
  () => [slidingWindow()],
  () => [compactToolResults({ maxTokens: 200, headTokens: 50 }), slidingWindow()],
  () => [summarize({ maxSummaryTokens: 100 }), slidingWindow()],
  () => [compactToolResults(), summarize(), slidingWindow({ keepLast: 2 })],
];

describe('no orphan tool call or result (property)', () => {
  it('holds for 300 random histories, budgets, memories and strategies', async () => {
    const random = seededRandom(20_241_126);
    for (let run = 0; run < 300; run++) {
      const history = randomHistory(random, 1 + Math.floor(random() * 60));
      const memory = random() < 0.5 ? inMemoryMemory() : plainMemory();
      // Stored as it would be: stray results and a dangling call included.
      await memory.appendMessages(history);
      const fake = createFakeProvider().default('fine');
      const maxTokens = pick(random, [50, 300, 1_000, 3_000, 20_000]);
      const client = createClient(fake, {
        env: {},
        defaultModel: 'm',
        memory,
        systemPrompt: 'sys',
        context: { maxTokens, strategies: pick(random, STRATEGY_SETS)() },
      });
      await client.sendMessage(`turn ${run}`);
      const sent = fake.requests.at(-1);
      const problems = orderProblems(sent as never);
      expect(problems, `run ${run}, budget ${maxTokens}`).toEqual([]);
      expect(sent?.messages.at(-1)?.content).toBe(`turn ${run}`);
      // The stored history is never changed by the strategies: the turn is appended to it.
      const stored = await memory.allMessages();
      expect(stored.slice(0, history.length)).toEqual(history);
    }
  });
});
