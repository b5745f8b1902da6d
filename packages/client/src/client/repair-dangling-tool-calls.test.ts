import { type Message, toolMessage, userMessage } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { repairDanglingToolCalls } from './repair-dangling-tool-calls.js';

const assistantCalling = (...ids: string[]): Message => ({
  role: 'assistant',
  content: '',
  toolCalls: ids.map((id) => ({ id, type: 'function', function: { name: 'f', arguments: '{}' } })),
});

const shape = (messages: readonly Message[]) =>
  messages.map((message) => message.toolCallId ?? message.role);

describe('repairDanglingToolCalls', () => {
  it('returns the same array when nothing dangles', () => {
    const messages = [
      userMessage('q'),
      assistantCalling('a'),
      toolMessage('a', '1'),
      userMessage('x'),
    ];
    const repair = repairDanglingToolCalls(messages);
    expect(repair.messages).toBe(messages);
    expect(repair.added).toBe(0);
  });

  it('adds a result after each run of tool messages that misses some, keeping the rest in place', () => {
    const messages = [
      userMessage('q'),
      assistantCalling('a', 'b'),
      toolMessage('b', '1'),
      userMessage('next'),
      assistantCalling('c'),
      userMessage('last'),
      assistantCalling('d'),
    ];
    const repair = repairDanglingToolCalls(messages, 6);
    expect(shape(repair.messages)).toEqual([
      'user',
      'assistant',
      'b',
      'a',
      'user',
      'assistant',
      'c',
      'user',
      'assistant',
      'd',
    ]);
    expect(repair.added).toBe(3);
    // `a` and `c` were repaired inside the history (before the boundary), `d` after it.
    expect(repair.addedBeforeBoundary).toBe(2);
    const added = repair.messages[3] as Message;
    expect(added).toMatchObject({ role: 'tool', toolCallId: 'a', name: 'f' });
    expect(JSON.parse(added.content as string).error.code).toBe('tool_result_missing');
  });

  it('ignores assistant messages with an empty tool call list', () => {
    const messages: Message[] = [
      { role: 'assistant', content: 'x', toolCalls: [] },
      userMessage('y'),
    ];
    expect(repairDanglingToolCalls(messages).added).toBe(0);
  });
});
