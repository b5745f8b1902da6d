import { type ChatResponse, ResponseAccumulator } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { fragmentResponse, splitWords } from './fragment-events.js';

function collect(response: ChatResponse): ChatResponse {
  const accumulator = new ResponseAccumulator();
  for (const event of fragmentResponse(response)) accumulator.add(event);
  return accumulator.toResponse();
}

/** A small deterministic generator (mulberry32), so failures reproduce. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('fragmentResponse', () => {
  it('splits text into word-sized pieces that join back exactly', () => {
    expect(splitWords('Hello, world!')).toEqual(['Hello, ', 'world!']);
    expect(splitWords('  leading and trailing  ')).toEqual(['  leading ', 'and ', 'trailing  ']);
    expect(splitWords('   ')).toEqual(['   ']);
    expect(splitWords('')).toEqual([]);
    expect(splitWords('line\nbreak\ttab')).toEqual(['line\n', 'break\t', 'tab']);
  });

  it('keeps arguments the accumulator would join differently in one piece', () => {
    // "11" split as "1" + "1" would be read as a resend of the complete value "1".
    const response: ChatResponse = {
      id: 'r',
      model: 'm',
      content: '',
      finishReason: 'tool_calls',
      toolCalls: [
        { id: 'a', type: 'function', function: { name: 'f', arguments: '11' } },
        { id: 'b', type: 'function', function: { name: 'g', arguments: '' } },
        { id: 'c', type: 'function', function: { name: 'h', arguments: 'x' } },
      ],
    };
    expect(collect(response)).toStrictEqual(response);
  });

  it('collects back to the same response for random texts and arguments', () => {
    const next = random(42);
    const alphabet = ['a', 'b', ' ', '\n', '{', '}', '"', ':', '1', 'é', '😀', ','];
    const text = (max: number) =>
      Array.from(
        { length: Math.floor(next() * max) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
    for (let round = 0; round < 300; round++) {
      const toolCalls = Array.from({ length: Math.floor(next() * 3) }, (_, index) => ({
        id: `call_${index}`,
        type: 'function' as const,
        function: { name: `tool${index}`, arguments: text(40) },
      }));
      const response: ChatResponse = {
        id: `r${round}`,
        model: 'm',
        content: text(60),
        toolCalls,
        finishReason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
        usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
        ...(next() < 0.5 ? {} : { reasoning: `${text(30)}r` }),
      };
      expect(collect(response)).toStrictEqual(response);
    }
  });
});
