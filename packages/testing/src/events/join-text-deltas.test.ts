import { type StreamEvent, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { joinTextDeltas } from './join-text-deltas.js';

describe('joinTextDeltas', () => {
  it('joins runs of one text kind and leaves every other event in place', () => {
    const events: StreamEvent[] = [
      { type: 'start', id: 'r', model: 'm' },
      { type: 'reasoning', text: 'a' },
      { type: 'reasoning', text: 'b' },
      { type: 'content', text: 'c' },
      { type: 'content', text: 'd' },
      { type: 'tool_call_delta', index: 0, argumentsDelta: '{' },
      { type: 'tool_call_delta', index: 0, argumentsDelta: '}' },
      { type: 'content', text: 'e' },
      { type: 'refusal', text: 'f' },
      { type: 'refusal', text: 'g' },
      { type: 'finish', finishReason: 'stop' },
    ];
    expect(joinTextDeltas(events)).toEqual([
      { type: 'start', id: 'r', model: 'm' },
      { type: 'reasoning', text: 'ab' },
      { type: 'content', text: 'cd' },
      { type: 'tool_call_delta', index: 0, argumentsDelta: '{' },
      { type: 'tool_call_delta', index: 0, argumentsDelta: '}' },
      { type: 'content', text: 'e' },
      { type: 'refusal', text: 'fg' },
      { type: 'finish', finishReason: 'stop' },
    ]);
    expect(events).toHaveLength(11);
  });

  it('keeps only the latest usage among those interleaved with joined text, right after it', () => {
    const usage = (n: number): StreamEvent => ({
      type: 'usage',
      usage: { promptTokens: 1, completionTokens: n, totalTokens: n + 1 },
    });
    const events: StreamEvent[] = [
      { type: 'content', text: 'a' },
      usage(1),
      { type: 'content', text: 'b' },
      usage(2),
      { type: 'tool_call_delta', index: 0, argumentsDelta: '{}' },
      usage(3),
      { type: 'content', text: 'c' },
      usage(4),
    ];
    const expected: StreamEvent[] = [
      { type: 'content', text: 'ab' },
      usage(2),
      { type: 'tool_call_delta', index: 0, argumentsDelta: '{}' },
      usage(3),
      { type: 'content', text: 'c' },
      usage(4),
    ];
    expect(joinTextDeltas(events)).toEqual(expected);
    // What a reader saw part-way joined normalises to the same form.
    expect(joinTextDeltas(expected)).toEqual(expected);
  });

  it('rejects what is not an array', () => {
    expect(() => joinTextDeltas('x' as never)).toThrow(ValidationError);
  });
});
