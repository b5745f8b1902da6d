import { type ChatRequest, type Message, textPart, toolMessage, userMessage } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import type { AnthropicRequestOptions } from '../anthropic-request-options.js';
import { MAX_CACHE_BREAKPOINTS } from './anthropic-cache-breakpoints.js';
import { buildAnthropicRequest } from './build-anthropic-request.js';

type Json = Record<string, unknown>;

const tool = (name: string) => ({ name, description: name, parameters: { type: 'object' } });
const assistant = (text: string, calls: { id: string; name: string }[] = []): Message => ({
  role: 'assistant',
  content: text,
  ...(calls.length === 0
    ? {}
    : {
        toolCalls: calls.map((c) => ({
          id: c.id,
          type: 'function' as const,
          function: { name: c.name, arguments: '{}' },
        })),
      }),
});
const signed = (text: string): Message => ({
  role: 'assistant',
  content: text,
  reasoning: 'thought',
  providerMetadata: {
    anthropic: {
      blocks: [
        { kind: 'thinking', length: 7, signature: 'sig' },
        { kind: 'text', length: text.length },
      ],
    },
  },
});
const cached = { cache_control: { type: 'ephemeral' } };

/** Where the breakpoints went: `tools[i]`, `system[i]`, `messages[i].content[j]`. */
function breakpoints(
  request: Partial<ChatRequest>,
  options: AnthropicRequestOptions = {},
): string[] {
  const { body } = buildAnthropicRequest(
    { model: 'claude-sonnet-4-5', messages: [], ...request },
    'claude-sonnet-4-5',
    options,
    false,
  );
  const found: string[] = [];
  for (const [i, t] of (body.tools ?? []).entries()) if (t.cache_control) found.push(`tools[${i}]`);
  for (const [i, b] of (body.system ?? []).entries())
    if (b.cache_control) found.push(`system[${i}]`);
  for (const [i, m] of body.messages.entries()) {
    for (const [j, b] of m.content.entries()) {
      if (b.cache_control) found.push(`messages[${i}].content[${j}]`);
    }
  }
  return found;
}

describe('automatic cache breakpoints', () => {
  it.each<[string, Partial<ChatRequest>, string[]]>([
    ['one user message', { messages: [userMessage('hi')] }, ['messages[0].content[0]']],
    [
      'system and one user message',
      { systemPrompt: 'be brief', messages: [userMessage('hi')] },
      ['system[0]', 'messages[0].content[0]'],
    ],
    [
      'tools, system, one user message',
      { tools: [tool('a'), tool('b')], systemPrompt: 's', messages: [userMessage('hi')] },
      ['tools[1]', 'system[0]', 'messages[0].content[0]'],
    ],
    [
      'a second turn: the end of the previous turn too (four in all)',
      {
        tools: [tool('a')],
        systemPrompt: 's',
        messages: [userMessage('one'), assistant('answer'), userMessage('two')],
      },
      ['tools[0]', 'system[0]', 'messages[1].content[0]', 'messages[2].content[0]'],
    ],
    [
      'a tool loop: the results are the newest user turn, the call before them',
      {
        tools: [tool('a')],
        messages: [
          userMessage('go'),
          assistant('calling', [{ id: 't1', name: 'a' }]),
          toolMessage('t1', 'result'),
        ],
      },
      ['tools[0]', 'messages[1].content[1]', 'messages[2].content[0]'],
    ],
    [
      'the last message is an assistant prefill: the turn before the user’s',
      { messages: [userMessage('one'), assistant('a'), userMessage('two'), assistant('prefix')] },
      ['messages[1].content[0]', 'messages[3].content[0]'],
    ],
    [
      'never on a thinking block: the text after it',
      { messages: [userMessage('one'), signed('answer'), userMessage('two')] },
      ['messages[1].content[1]', 'messages[2].content[0]'],
    ],
    ['no messages, no breakpoints', { messages: [] }, []],
  ])('%s', (_, request, expected) => {
    const found = breakpoints(request);
    expect(found).toEqual(expected);
    expect(found.length).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
  });

  it('breakpoints set on parts count: never more than four in all', () => {
    const mark = { anthropic: { cacheControl: { type: 'ephemeral', ttl: '1h' } } };
    const found = breakpoints({
      tools: [tool('a')],
      systemPrompt: 's',
      messages: [
        userMessage([textPart('doc one', mark), textPart('doc two', mark), textPart('ask')]),
        assistant('answer'),
        userMessage('two'),
      ],
    });
    expect(found).toEqual([
      'tools[0]',
      'system[0]',
      'messages[0].content[0]',
      'messages[0].content[1]',
    ]);
  });

  it('cache: false sends none; { ttl: "1h" } sets the lifetime', () => {
    const request = { systemPrompt: 's', messages: [userMessage('hi')] };
    expect(breakpoints(request, { cache: false })).toEqual([]);
    const { body } = buildAnthropicRequest(
      { model: 'm', ...request },
      'claude-sonnet-4-5',
      { cache: { ttl: '1h' } },
      false,
    );
    expect(body.system?.[0]).toStrictEqual({
      type: 'text',
      text: 's',
      cache_control: { type: 'ephemeral', ttl: '1h' },
    });
    expect((body.messages[0]?.content[0] ?? ({} as Json)).cache_control).toStrictEqual({
      type: 'ephemeral',
      ttl: '1h',
    });
  });

  it('a breakpoint is never added twice to the same block', () => {
    const { body } = buildAnthropicRequest(
      { model: 'm', messages: [userMessage('only')] },
      'claude-sonnet-4-5',
      {},
      false,
    );
    expect(body.messages[0]?.content).toStrictEqual([{ type: 'text', text: 'only', ...cached }]);
  });
});
