// Steering a run that then suspends, and resuming it in another process: the message steered while
// the suspending iteration ran is kept with the suspended value (signed), and the resumed run — in a
// child process with the same agent configuration — reads it first, after the approved tool's result.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { defineTool, type SuspendedRun } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createFakeProvider } from '@aigo/testing';
import { Type } from 'typebox';
import { beforeAll, describe, expect, it } from 'vitest';
import { createReAct } from '../src/index.js';

const script = fileURLToPath(new URL('./support/steered-resume.mjs', import.meta.url));
const built = fileURLToPath(new URL('../dist/index.js', import.meta.url));

beforeAll(() => {
  if (!existsSync(built)) {
    throw new Error(`${built} is missing: the child process runs the built package (pnpm build)`);
  }
});

/** Resumes `suspended` in a child process; resolves to what it printed. */
async function resumeElsewhere(suspended: SuspendedRun, responses: object): Promise<unknown> {
  const child = spawn(process.execPath, [script, JSON.stringify(responses)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(JSON.stringify(suspended));
  const [out, err, code] = await Promise.all([
    text(child.stdout),
    text(child.stderr),
    new Promise((resolve) => child.once('exit', resolve)),
  ]);
  if (code !== 0) throw new Error(`the resuming process exited with ${String(code)}\n${err}`);
  return JSON.parse(out);
}

describe('steering a suspended run, resumed in another process', () => {
  it('the steered message travels in the suspended value and is read first on resume', async () => {
    let toolRuns = 0;
    const sendMoney = defineTool({
      name: 'send_money',
      description: 'Sends money to a payee',
      input: Type.Object({ to: Type.String(), amount: Type.Number() }),
      execute: ({ to, amount }) => {
        toolRuns += 1;
        return { sent: amount, to };
      },
    });
    const model = createFakeProvider().toolCall('send_money', { to: 'Alice', amount: 20 });
    const agent = createReAct(createClient(model, { env: {}, tools: [sendMoney] }), {
      name: 'payer',
      approval: ['send_money'],
      signingKey: 'a test signing key of at least thirty-two bytes',
    });
    const stream = agent.executeStream('Send 20 to Alice', { memory: null });
    let suspended: SuspendedRun | undefined;
    for await (const event of stream) {
      // The person types while the model decides: the iteration's delivery is past, so it waits.
      if (event.type === 'iteration_start') expect(stream.steer('In EUR, please.')).toBe('queued');
      if (event.type === 'interaction_requested') suspended = event.suspended;
    }
    expect(toolRuns).toBe(0);
    expect(suspended?.signature).toMatch(/^hmac-sha256:/);

    const resumed = await resumeElsewhere(suspended as SuspendedRun, {
      call_1: { approved: true },
    });
    expect(resumed).toEqual({
      events: [
        'interaction_resumed',
        'tool_call',
        'tool_result',
        'steering: In EUR, please.',
        'iteration_start',
        'content',
        'final_answer',
      ],
      sent: [
        'user: Send 20 to Alice',
        'assistant: ',
        'tool: {"sent":20,"to":"Alice"}',
        'user: In EUR, please.',
      ],
      answer: 'Sent 20 EUR to Alice.',
      toolRuns: 1,
    });
  });
});
