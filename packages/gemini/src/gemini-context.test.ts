// Context windows on Gemini: the countTokens endpoint (only when allowed), model limits, and the
// token-limit error as ContextOverflowError — against a real HTTP server on 127.0.0.1.
import { ContextOverflowError, userMessage } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { GENERATE_PATH, STREAM_PATH, startGeminiRig } from '../test/support/test-gemini-server.js';
import { gemini } from './gemini-provider.js';

const COUNT_PATH = /^\/v1beta\/models\/[^/]+:countTokens$/;
const TOO_LONG = {
  error: {
    code: 400,
    message:
      'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
    status: 'INVALID_ARGUMENT',
  },
};
const request = {
  model: 'gemini-2.5-flash',
  messages: [userMessage('Hello')],
  systemPrompt: 'Be kind.',
};

describe('Gemini countTokens', () => {
  it('asks the countTokens endpoint when the application allows a request', async () => {
    await using rig = await startGeminiRig([{ path: COUNT_PATH, body: { totalTokens: 42 } }], {
      countTokens: 'endpoint',
    });
    const count = await rig.provider.countTokens?.(request);
    expect(count).toEqual({ tokens: 42, exact: true, method: 'endpoint', estimated: [] });
    const sent = rig.server.requests[0];
    expect(sent?.path).toBe('/v1beta/models/gemini-2.5-flash:countTokens');
    expect(sent?.body).toMatchObject({
      generateContentRequest: {
        model: 'models/gemini-2.5-flash',
        contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
        systemInstruction: { parts: [{ text: 'Be kind.' }] },
      },
    });
  });

  it('has no countTokens (makes no request to count) unless allowed', async () => {
    await using rig = await startGeminiRig([]);
    expect(rig.provider.countTokens).toBeUndefined();
  });

  it('rejects an answer without a count as invalid_response', async () => {
    await using rig = await startGeminiRig([{ path: COUNT_PATH, body: { tokens: 'many' } }], {
      countTokens: 'endpoint',
    });
    await expect(rig.provider.countTokens?.(request)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });

  it('names a bad countTokens or modelLimits option', () => {
    expect(() => gemini({ countTokens: 'local' as never })).toThrow(/options\.countTokens/);
    expect(() => gemini({ modelLimits: { m: { maxOutputTokens: 0 } } })).toThrow(
      /options\.modelLimits\["m"\]\.maxOutputTokens/,
    );
  });
});

describe('Gemini modelLimits', () => {
  it('reports Google’s window for a Google base URL, with the option over it', () => {
    const provider = gemini({
      apiKey: 'k',
      modelLimits: { 'my-tuned': { contextWindow: 32_000 } },
    });
    expect(provider.modelLimits('models/gemini-2.5-flash')?.contextWindow).toBeGreaterThan(
      1_000_000,
    );
    expect(provider.modelLimits('my-tuned')).toEqual({ contextWindow: 32_000 });
    expect(provider.modelLimits('no-such-model')).toBeUndefined();
  });
});

describe('Gemini context overflow', () => {
  it('a token-limit 400 is a ContextOverflowError, sent or streamed', async () => {
    await using rig = await startGeminiRig([
      { path: GENERATE_PATH, status: 400, body: TOO_LONG },
      { path: STREAM_PATH, status: 400, body: TOO_LONG },
    ]);
    const sent = await rig.provider.sendMessage(request).catch((error: unknown) => error);
    expect(ContextOverflowError.isInstance(sent)).toBe(true);
    expect(sent).toMatchObject({ code: 'context_overflow', status: 400, provider: 'gemini' });
    const streamed = await rig.provider.streamMessage(request).catch((error: unknown) => error);
    expect(ContextOverflowError.isInstance(streamed)).toBe(true);
  });
});
