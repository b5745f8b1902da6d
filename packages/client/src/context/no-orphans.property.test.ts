// Property: whatever the history and the budget, a request never holds a tool call without its
// result or a result without its call, and its first message after the system prompt is the user's.
import { createFakeProvider, seededRandom } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import {
  orderProblems,
  pick,
  plainMemory,
  randomHistory,
} from '../../test/support/test-context-helpers.js';
import { createClient } from '../client/client.js';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import { compactToolResults } from './compact-tool-results.js';
import type { ContextStrategy } from './context-strategy.js';
import { slidingWindow } from './sliding-window.js';
import { summarize } from './summarize.js';

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
