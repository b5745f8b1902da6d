import { defineTool, type Message, type Tool } from '@aigo/ai';
import { type Deferred, deferred } from '@aigo/testing';
import { Type } from 'typebox';

/** A calculator tool, written for the tests: `{ a, op, b }` → `{ result }`. */
export const calculator = defineTool({
  name: 'calculator',
  description: 'Computes a op b for op in + - * /',
  input: Type.Object({
    a: Type.Number(),
    op: Type.Union([Type.Literal('+'), Type.Literal('-'), Type.Literal('*'), Type.Literal('/')]),
    b: Type.Number(),
  }),
  metrics: { amount: 0.001, currency: 'USD' },
  execute: ({ a, op, b }) => {
    if (op === '/' && b === 0) throw new Error('division by zero');
    const result = op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b;
    return { result };
  },
});

/**
 * A tool whose calls wait until the test releases them, counting how many run at once; `started(n)`
 * resolves once n calls have started.
 */
export function gatedTool(name: string) {
  const gates: Deferred<string>[] = [];
  const signals: AbortSignal[] = [];
  const state = { running: 0, maxRunning: 0, started: 0 };
  const waiters: { count: number; resolve(): void }[] = [];
  const started = (count: number) =>
    new Promise<void>((resolve) => {
      if (state.started >= count) resolve();
      else waiters.push({ count, resolve });
    });
  const tool: Tool = {
    name,
    description: { name, description: 'waits for the test', parameters: { type: 'object' } },
    metrics: undefined,
    async call(_argumentsJson, options) {
      state.running++;
      state.maxRunning = Math.max(state.maxRunning, state.running);
      state.started++;
      const gate = deferred<string>();
      gates.push(gate);
      if (options?.signal !== undefined) signals.push(options.signal);
      for (const waiter of waiters) if (state.started >= waiter.count) waiter.resolve();
      try {
        return await gate.promise;
      } finally {
        state.running--;
      }
    },
  };
  return { tool, gates, signals, state, started };
}

/** A message's role and text, for compact assertions on memory contents. */
export function outline(messages: readonly Message[]): string[] {
  return messages.map((message) => {
    const text = typeof message.content === 'string' ? message.content : '[parts]';
    if (message.toolCalls !== undefined && message.toolCalls.length > 0) {
      return `${message.role}: calls ${message.toolCalls.map((call) => `${call.function.name}#${call.id}`).join(', ')}`;
    }
    if (message.role === 'tool') return `tool#${message.toolCallId}: ${text}`;
    return `${message.role}: ${text}`;
  });
}
