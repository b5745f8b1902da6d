/**
 * A tool loop with extended thinking on, over three model turns, through `@aigo/client` and
 * `@aigo/react`, against a recorded server replaying a scripted conversation: turn 1 is a recorded
 * answer (`thinking-tool-use.json`), turns 2 and 3 are built from the API reference (thinking,
 * redacted thinking, a tool call; then thinking and the answer). Every request must carry every
 * earlier thinking block with its signature — and the redacted block with its data — in place, in
 * order, before the tool call it preceded.
 */
import type { Tool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { describe, expect, it } from 'vitest';
import { fixtureJson, MESSAGES_PATH, messageToSse, route, startRig } from './support/harness.js';

type Json = Record<string, unknown>;

function tool(name: string, parameters: Json, run: (args: Json) => string): Tool {
  return {
    name,
    description: { name, description: `The ${name} tool`, parameters },
    metrics: undefined,
    call: async (json: string) => run(JSON.parse(json || '{}') as Json),
  };
}

const tools = [
  tool('get_user_country', { type: 'object', properties: {} }, () => 'Mexico'),
  tool(
    'get_largest_city',
    { type: 'object', properties: { country: { type: 'string' } }, required: ['country'] },
    (args) => (args.country === 'Mexico' ? 'Mexico City' : 'unknown'),
  ),
];

const turns = ['thinking-tool-use.json', 'loop-turn-2.built.json', 'loop-turn-3.built.json'];
const blocksOf = (fixture: string) => fixtureJson(fixture).content as Json[];

/** What each request must have sent back: the user turn, then each earlier turn and its result. */
function expectEveryTurnWentBack(requests: readonly { body: unknown }[]): void {
  expect(requests).toHaveLength(3);
  const [first, second, third] = requests.map(
    (request) => (request.body as { messages: Json[] }).messages,
  );
  expect(first).toHaveLength(1);
  // Turn 1 goes back whole: thinking (signed), text, tool_use — in that order.
  const turn1 = blocksOf(turns[0] as string).map(({ caller: _, ...block }) => block);
  expect(strip(second?.[1])).toStrictEqual({ role: 'assistant', content: turn1 });
  expect(strip(second?.[2])).toStrictEqual({
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 'toolu_01YGzqpRE16Vricda3Aqcejo', content: 'Mexico' },
    ],
  });
  // Request 3 repeats turn 1, then turn 2: signed thinking, redacted thinking, the call.
  expect(strip(third?.[1])).toStrictEqual(strip(second?.[1]));
  expect(strip(third?.[3])).toStrictEqual({
    role: 'assistant',
    content: blocksOf(turns[1] as string),
  });
  expect(strip(third?.[4])).toStrictEqual({
    role: 'user',
    content: [{ type: 'tool_result', tool_use_id: 'toolu_built_loop_2', content: 'Mexico City' }],
  });
  for (const messages of [second, third]) {
    for (const message of messages ?? []) {
      for (const block of message.content as Json[]) {
        if (block.type === 'thinking') expect(block.signature).toMatch(/^E/);
      }
    }
  }
}

/** A message without the cache breakpoints the adapter adds (they move as the conversation grows). */
function strip(message: Json | undefined): Json | undefined {
  if (message === undefined) return undefined;
  return {
    ...message,
    content: (message.content as Json[]).map(({ cache_control: _, ...block }) => block),
  };
}

describe('thinking + tool use over several turns', () => {
  it('through createClient and createReAct, streamed: every signature goes back in place', async () => {
    await using rig = await startRig(
      turns.map((fixture) => ({
        path: MESSAGES_PATH,
        sse: messageToSse(fixtureJson(fixture)),
        times: 1,
      })),
    );
    const client = createClient(rig.provider, {
      defaultModel: 'claude-sonnet-4-0',
      tools,
      reasoning: { budgetTokens: 3000 },
      maxOutputTokens: 4096,
    });
    const agent = createReAct(client);
    const events: string[] = [];
    let answer: unknown;
    for await (const event of agent.executeStream(
      'What is the largest city in the user country?',
    )) {
      events.push(event.type);
      if (event.type === 'final_answer') answer = event;
    }
    expect(answer).toMatchObject({ type: 'final_answer' });
    expect(JSON.stringify(answer)).toContain('The largest city in Mexico is Mexico City.');
    expect(events.filter((type) => type === 'tool_result')).toHaveLength(2);
    const sent = rig.server.requests;
    for (const request of sent) {
      expect((request.body as Json).thinking).toStrictEqual({
        type: 'enabled',
        budget_tokens: 3000,
      });
      expect((request.body as Json).tool_choice).toBeUndefined();
    }
    expectEveryTurnWentBack(sent);
  });

  it('through createClient and createReAct, not streamed: the same wire', async () => {
    await using rig = await startRig(turns.map((fixture) => route(fixture, { times: 1 })));
    const client = createClient(rig.provider, {
      defaultModel: 'claude-sonnet-4-0',
      tools,
      reasoning: { budgetTokens: 3000 },
      maxOutputTokens: 4096,
    });
    const result = await createReAct(client).execute(
      'What is the largest city in the user country?',
    );
    expect(result.data).toBe('The largest city in Mexico is Mexico City.');
    expect(result.iterations).toBe(3);
    expectEveryTurnWentBack(rig.server.requests);
  });
});
