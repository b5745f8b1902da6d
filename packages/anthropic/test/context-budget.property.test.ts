// Property: over Claude, a request the client sends holds its budget as @aigo/anthropic counts it
// (`countTokens(sent, { provider })`) whenever what no strategy may leave out fits — for random
// histories, budgets and strategies, each turn answered by a recorded server on 127.0.0.1.
import {
  assistantMessage,
  type ChatRequest,
  type Message,
  type ToolCall,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import {
  compactToolResults,
  countTokens,
  createClient,
  inMemoryMemory,
  SUMMARY_HEADING,
  slidingWindow,
  summarize,
} from '@aigo/client';
import { seededRandom } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { recordingProvider, route, startRig } from './support/harness.js';

type Random = () => number;
const MODEL = 'claude-sonnet-4-5';
const SYSTEM = 'You answer questions about the weather, briefly.';
/** The recorded answer (`text.json`), which summary calls get too. */
const ANSWER = '2';

const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;
const words = (count: number): string => 'sunny and mild '.repeat(Math.ceil(count / 3)).trim();

/** A random conversation: questions, answers, tool calls with their results (some very large). */
function randomConversation(random: Random, length: number): Message[] {
  const messages: Message[] = [userMessage('hello')];
  let next = 0;
  while (messages.length < length) {
    const kind = random();
    const size = 1 + Math.floor(random() * 300);
    if (kind < 0.35) messages.push(userMessage(words(size)));
    else if (kind < 0.65) messages.push(assistantMessage(words(size)));
    else {
      const call: ToolCall = {
        id: `toolu_${next++}`,
        type: 'function',
        function: { name: 'forecast', arguments: `{"day":${next}}` },
      };
      messages.push(assistantMessage('', [call]));
      messages.push(toolMessage(call.id, words(random() < 0.2 ? 3_000 : size), 'forecast'));
    }
  }
  return messages;
}

describe('the budget holds over Claude (property)', () => {
  it('for 120 random conversations, budgets and strategies', async () => {
    await using rig = await startRig([route('text.json')]);
    const random = seededRandom(4_900_049);
    let checked = 0;
    let trimmed = 0;
    for (let run = 0; run < 120; run++) {
      const history = randomConversation(random, 1 + Math.floor(random() * 60));
      // Stored with Claude's counts, as the client stores its turns (stored counts are taken as they are).
      const memory = inMemoryMemory();
      const counts = (await rig.provider.countTokens({ model: MODEL, messages: history })).messages;
      await memory.appendMessages(history, { tokenCounts: counts ?? [] });
      const { provider, requests } = recordingProvider(rig.provider);
      const maxTokens = pick(random, [1_000, 2_000, 4_000, 8_000, 16_000]);
      const strategies = pick(random, [
        () => [slidingWindow()],
        () => [compactToolResults({ maxTokens: 300, headTokens: 60 }), slidingWindow()],
        () => [summarize({ maxSummaryTokens: 100 }), slidingWindow()],
      ])();
      const client = createClient(provider, {
        env: {},
        defaultModel: MODEL,
        memory,
        systemPrompt: SYSTEM,
        context: { maxTokens, strategies },
      });
      const prompt = `And on day ${run}? ${words(Math.floor(random() * 200))}`;
      await client.sendMessage(prompt);
      const sent = requests.at(-1) as ChatRequest;
      expect(sent.messages.at(-1)?.content).toBe(prompt);
      // What no strategy leaves out: the system prompt with a summary, the note, the prompt.
      const floor = await countTokens(
        {
          model: MODEL,
          systemPrompt: `${SYSTEM}\n\n${SUMMARY_HEADING}\n${ANSWER}`,
          messages: [
            userMessage(
              '[Earlier messages of this conversation were left out to fit the context window.]',
            ),
            userMessage(prompt),
          ],
        },
        { provider: rig.provider },
      );
      if (floor.tokens > maxTokens) continue;
      const count = await countTokens(sent, { provider: rig.provider });
      expect(count.method).toBe('estimate');
      expect(count.tokens, `run ${run}, budget ${maxTokens}`).toBeLessThanOrEqual(maxTokens);
      checked += 1;
      if (sent.messages.length <= history.length) trimmed += 1;
    }
    expect(checked).toBeGreaterThan(100);
    expect(trimmed).toBeGreaterThan(40);
  });
});
