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

  it('rejects what is not an array', () => {
    expect(() => joinTextDeltas('x' as never)).toThrow(ValidationError);
  });
});
