import { GuardrailError, GuardrailTrippedError } from '@aigo/ai';
import { createFakeProvider, deferred } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { createClient } from '../client/client.js';
import { inMemoryMemory } from '../memory/in-memory-memory.js';
import type { ClientInputGuardrail, ClientOutputGuardrail } from './client-guardrails.js';

const noNumbers: ClientInputGuardrail = {
  name: 'digits',
  check: ({ text }) => ({ tripwire: /\d/.test(text), reason: 'a number' }),
};
const noSecrets: ClientOutputGuardrail = {
  name: 'secrets',
  check: ({ content }) => ({ tripwire: content.includes('secret'), reason: 'a secret' }),
};

describe('the client option guardrails', () => {
  it('input before: a trip rejects sendMessage before the model is called; nothing stored', async () => {
    const provider = createFakeProvider().text('Hi.');
    const memory = inMemoryMemory();
    const client = createClient(provider, {
      env: {},
      defaultModel: 'm',
      memory,
      guardrails: { input: [noNumbers] },
    });
    const error = await client.sendMessage('Call 555').catch((caught: unknown) => caught);
    expect(GuardrailTrippedError.isInstance(error)).toBe(true);
    expect((error as GuardrailTrippedError).guardrail).toEqual({
      name: 'digits',
      kind: 'input',
      reason: 'a number',
      info: undefined,
    });
    expect((error as GuardrailTrippedError).code).toBe('guardrail_tripped');
    expect(provider.callCount).toBe(0);
    expect(await memory.allMessages()).toEqual([]);
    expect((await client.sendMessage('Hello')).content).toBe('Hi.');
    expect(await memory.allMessages()).toHaveLength(2);
  });

  it('output: a trip rejects the call (a stream: collect) and stores nothing', async () => {
    const provider = createFakeProvider().text('The secret is 42').text('A secret again');
    const memory = inMemoryMemory();
    const client = createClient(provider, {
      env: {},
      defaultModel: 'm',
      memory,
      guardrails: { output: [noSecrets] },
    });
    await expect(client.sendMessage('Tell me')).rejects.toThrow(
      'Output guardrail "secrets" tripped: a secret',
    );
    const stream = await client.streamMessage('Tell me again');
    let text = '';
    for await (const event of stream) if (event.type === 'content') text += event.text;
    expect(text).toBe('A secret again');
    await expect(stream.collect()).rejects.toBeInstanceOf(GuardrailTrippedError);
    expect(await memory.allMessages()).toEqual([]);
  });

  it('input parallel: a trip during the call aborts it; a guardrail may call the model itself', async () => {
    const started = deferred<void>();
    const provider = createFakeProvider().onRequest(async (request) => {
      const asked = JSON.stringify(request.messages);
      if (asked.includes('Classify')) return { content: 'UNSAFE' };
      started.resolve();
      await new Promise(() => undefined);
      return { content: 'never' };
    });
    const client = createClient(provider, {
      env: {},
      defaultModel: 'm',
      guardrails: {
        input: [
          {
            name: 'classifier',
            mode: 'parallel',
            check: async ({ text }, ctx) => {
              await started.promise;
              const verdict = await ctx.client.sendMessage(`Classify: ${text}`, { memory: null });
              return { tripwire: verdict.content === 'UNSAFE', reason: 'unsafe' };
            },
          },
        ],
      },
    });
    const error = await client.sendMessage('Do something').catch((caught: unknown) => caught);
    expect(GuardrailTrippedError.isInstance(error)).toBe(true);
    expect(provider.calls[0]?.options?.signal?.aborted).toBe(true);
    expect(provider.callCount).toBe(2);
  });

  it('a guardrail that throws rejects with GuardrailError naming it; bad options are named', async () => {
    const client = createClient(createFakeProvider().text('x'), {
      env: {},
      defaultModel: 'm',
      guardrails: {
        input: [
          {
            name: 'broken',
            check: () => {
              throw new Error('down');
            },
          },
        ],
      },
    });
    const error = await client.sendMessage('Hi').catch((caught: unknown) => caught);
    expect(GuardrailError.isInstance(error)).toBe(true);
    expect((error as GuardrailError).guardrail).toBe('broken');
    expect(() =>
      createClient(createFakeProvider(), {
        env: {},
        guardrails: { input: [{ name: 'a' }] } as never,
      }),
    ).toThrow('Invalid guardrails.input[0].check: must be a function');
    expect(() =>
      createClient(createFakeProvider(), { env: {}, guardrails: { tool: [] } as never }),
    ).toThrow('Invalid guardrails.tool: is not input or output');
  });
});
