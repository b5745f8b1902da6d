import {
  defineTool,
  imagePart,
  type Message,
  type Tool,
  type ToolCall,
  textPart,
  withContent,
} from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.js';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import type { ToolCallOutcome } from './tool-hooks.js';
import { toolMessageResult } from './tool-message.js';

const PIXEL = imagePart('iVBORw0KGgo=', 'image/png');

const screenshot = defineTool({
  name: 'screenshot',
  description: 'Takes a screenshot of a page',
  input: Type.Object({ url: Type.String() }),
  execute: ({ url }) => withContent({ url, ok: true }, [PIXEL]),
});

const call = (name: string, args: unknown, id = `id_${name}`): ToolCall => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify(args) },
});

describe('tool results with content parts', () => {
  it('a tool message holds the text first, then the parts; without parts the text alone', async () => {
    const plain = defineTool({
      name: 'plain',
      description: 'Says hi',
      execute: () => 'hi',
    });
    const client = createClient(createFakeProvider(), { env: {}, tools: [screenshot, plain] });

    const [shot, text] = await client.executeToolCalls([
      call('screenshot', { url: 'https://example.com' }),
      call('plain', {}),
    ]);

    expect(shot).toEqual({
      role: 'tool',
      content: [textPart('{"url":"https://example.com","ok":true}'), PIXEL],
      toolCallId: 'id_screenshot',
      name: 'screenshot',
    });
    expect(text).toEqual({ role: 'tool', content: '"hi"', toolCallId: 'id_plain', name: 'plain' });
    expect(toolMessageResult(shot as Message)).toEqual({
      output: '{"url":"https://example.com","ok":true}',
      content: [PIXEL],
    });
    expect(toolMessageResult(text as Message)).toEqual({ output: '"hi"' });
  });

  it('runs a tool’s callWithResult when it has one, and its call otherwise', async () => {
    const rich: Tool = {
      name: 'rich',
      description: { name: 'rich', description: 'x', parameters: { type: 'object' } },
      metrics: undefined,
      call: async () => 'call',
      callWithResult: async () => ({ output: 'result', content: [PIXEL] }),
    };
    const client = createClient(createFakeProvider(), { env: {}, tools: [rich] });
    const [message] = await client.executeToolCalls([call('rich', {})]);
    expect(message?.content).toEqual([textPart('result'), PIXEL]);
  });

  it('afterToolCall sees the parts; replacing the result drops them', async () => {
    const outcomes: ToolCallOutcome[] = [];
    const client = createClient(createFakeProvider(), {
      env: {},
      tools: [screenshot],
      afterToolCall: (outcome) => {
        outcomes.push(outcome);
        return outcome.toolCall.id === 'replace' ? '"redacted"' : undefined;
      },
    });

    const [kept, replaced] = await client.executeToolCalls([
      call('screenshot', { url: 'a' }, 'keep'),
      call('screenshot', { url: 'b' }, 'replace'),
    ]);

    expect(outcomes.map((outcome) => outcome.content)).toEqual([[PIXEL], [PIXEL]]);
    expect(outcomes[0]?.result).toBe('{"url":"a","ok":true}');
    expect(kept?.content).toEqual([textPart('{"url":"a","ok":true}'), PIXEL]);
    expect(replaced?.content).toBe('"redacted"');
  });

  it('the memory stores the tool message with its parts, and the next request sends them', async () => {
    const memory = inMemoryMemory();
    const provider = createFakeProvider()
      .toolCall('screenshot', { url: 'https://example.com' })
      .text('A white page.');
    const client = createClient(provider, { env: {}, tools: [screenshot], memory });

    const first = await client.sendMessage('What does the page look like?');
    const results = await client.executeToolCalls(first.toolCalls);
    await client.continueConversation({ messages: results });

    const stored = (await memory.allMessages()).find((message) => message.role === 'tool');
    expect(stored?.content).toEqual([textPart('{"url":"https://example.com","ok":true}'), PIXEL]);
    const sent = provider.requests[1]?.messages.find((message) => message.role === 'tool');
    expect(sent?.content).toEqual(stored?.content);
  });
});
