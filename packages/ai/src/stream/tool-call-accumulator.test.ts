import { describe, expect, it } from 'vitest';
import type { ToolCallDeltaEvent } from './stream-event.js';
import { ToolCallAccumulator } from './tool-call-accumulator.js';

/** Mulberry32: a small seeded PRNG so every run sees the same "random" cases. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('ToolCallAccumulator', () => {
  it('rebuilds every call from randomly split, randomly interleaved fragments', () => {
    const random = prng(42);
    for (let round = 0; round < 300; round++) {
      const callCount = 1 + Math.floor(random() * 4);
      const firstIndex = random() < 0.3 ? 1 : 0;
      const calls = Array.from({ length: callCount }, (_, i) => ({
        index: firstIndex + i,
        id: `call_${round}_${i}`,
        name: `tool_${i}`,
        args: JSON.stringify({
          city: `Città ${i} 🌍`,
          n: i * round,
          list: [1, 2, { deep: 'x'.repeat(i) }],
        }),
      }));
      // Split each call's arguments into 1..6 fragments; id+name on the first (sometimes the name late).
      const queues = calls.map((call) => {
        const pieces: ToolCallDeltaEvent[] = [];
        let rest = call.args;
        const lateName = random() < 0.2;
        let first = true;
        while (rest.length > 0) {
          const size = 1 + Math.floor(random() * Math.max(1, rest.length / 2));
          const fragment = rest.slice(0, size);
          rest = rest.slice(size);
          pieces.push({
            type: 'tool_call_delta',
            index: call.index,
            ...(first ? { id: call.id } : {}),
            ...((first && !lateName) || (!first && lateName && rest.length === 0)
              ? { name: call.name }
              : {}),
            argumentsDelta: fragment,
          });
          first = false;
        }
        if (lateName && pieces.length === 1) {
          pieces.push({
            type: 'tool_call_delta',
            index: call.index,
            name: call.name,
            argumentsDelta: '',
          });
        }
        return pieces;
      });
      const accumulator = new ToolCallAccumulator();
      while (queues.some((q) => q.length > 0)) {
        const open = queues.filter((q) => q.length > 0);
        const queue = open[Math.floor(random() * open.length)] as ToolCallDeltaEvent[];
        accumulator.add(queue.shift() as ToolCallDeltaEvent);
      }
      expect(accumulator.toolCalls()).toEqual(
        calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.args },
        })),
      );
    }
  });

  it('keeps per-call provider metadata', () => {
    const accumulator = new ToolCallAccumulator();
    accumulator.add({
      type: 'tool_call_delta',
      index: 0,
      id: 'a',
      name: 'f',
      argumentsDelta: '{}',
      providerMetadata: { gemini: { thoughtSignature: 'sig-a' } },
    });
    accumulator.add({
      type: 'tool_call_delta',
      index: 1,
      id: 'b',
      name: 'g',
      argumentsDelta: '{}',
    });
    const [first, second] = accumulator.toolCalls();
    expect(first?.providerMetadata).toEqual({ gemini: { thoughtSignature: 'sig-a' } });
    expect(second && 'providerMetadata' in second).toBe(false);
  });
});
