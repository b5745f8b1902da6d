import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { messageText } from '@aigo/ai';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { calculator } from '../src/calculator-tool.js';
import { runDemo } from '../src/run-demo.js';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

describe('the built demo', { timeout: 30_000 }, () => {
  it('runs the tool loop, streams the answer and prints the usage', async () => {
    const { code, stdout, stderr } = await new Promise<{
      code: number | null;
      stdout: string;
      stderr: string;
    }>((resolve) => {
      execFile(process.execPath, [main], (error, out, err) => {
        resolve({ code: error ? (error.code as number) : 0, stdout: out, stderr: err });
      });
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('aigo demo: an offline placeholder for the demo agent.\n');
    expect(stdout).toContain(
      'model calls calculator({"operation":"multiply","a":12.5,"b":4})\n' +
        'tool calculator returns {"result":50}\n' +
        'assistant (streaming): 12.5 times 4 is 50. (The calculator tool did the arithmetic.)\n',
    );
    expect(stdout).toMatch(/\((\d+) content deltas, finish reason: stop\)\n/);
    const deltas = Number(/\((\d+) content deltas/.exec(stdout)?.[1]);
    expect(deltas).toBeGreaterThan(1);
    expect(stdout).toMatch(/usage: \d+ prompt \+ \d+ completion = \d+ tokens over 2 calls\n$/);
  });
});

describe('runDemo', () => {
  it('sends the tool result back to the model and adds up both calls', async () => {
    const provider = createFakeProvider()
      .toolCall('calculator', { operation: 'divide', a: 1, b: 0 }, { id: 'call_div' })
      .text('Division by zero is undefined.', {
        usage: { promptTokens: 30, completionTokens: 6, totalTokens: 36 },
      });
    const chunks: string[] = [];
    const usage = await runDemo({ write: (text) => chunks.push(text) }, provider);

    expect(provider.callCount).toBe(2);
    expect(provider.calls.map((call) => call.kind)).toEqual(['send', 'stream']);
    const first = provider.requests[0];
    expect(first?.tools).toEqual([calculator.description]);
    const toolReply = provider.lastRequest?.messages.at(-1);
    expect(toolReply).toMatchObject({ role: 'tool', toolCallId: 'call_div' });
    // The thrown error reached the model as an error envelope, not as an exception.
    expect(JSON.parse(messageText(toolReply ?? { content: '' }))).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('cannot divide by zero') },
    });
    expect(chunks.join('')).toContain('assistant (streaming): Division by zero is undefined.\n');
    expect(usage?.promptTokens).toBeGreaterThan(30);
    expect(usage?.totalTokens).toBe((usage?.promptTokens ?? 0) + (usage?.completionTokens ?? 0));
  });
});
