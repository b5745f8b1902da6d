import { AssertionError } from 'node:assert';
import { ProviderError, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { providerConformanceChecks } from '../src/conformance/provider/provider-checks.js';
import { providerConformance } from '../src/conformance/provider/provider-conformance.js';
import type {
  ProviderConformanceFixtures,
  ProviderConformanceOptions,
} from '../src/conformance/provider/provider-options.js';
import { fixtureRoute } from '../src/server/fixture-route.js';
import { type ToyFaults, toyOpenAIChat } from './support/test-toy-openai-provider.js';

const PATH = '/v1/chat/completions';
const API_KEY = 'sk-conformance-test-key-0123456789';

const fixtures: ProviderConformanceFixtures = {
  text: {
    routes: fixtureRoute({ path: PATH, fixture: 'openai-chat/text-gpt-4o-mini.json' }),
    expect: { content: /Lisbon/ },
  },
  textStream: {
    routes: fixtureRoute({ path: PATH, fixture: 'openai-chat/stream-text-with-usage.sse' }),
    expect: { content: /^The capital of/ },
  },
  toolCall: {
    routes: fixtureRoute({ path: PATH, fixture: 'openai-chat/tool-call.json' }),
    request: {
      tools: [
        {
          name: 'lookup_population',
          description: 'Population of a country',
          parameters: { type: 'object' },
        },
      ],
    },
    expect: { toolName: 'lookup_population' },
  },
  toolCallStream: {
    routes: fixtureRoute({ path: PATH, fixture: 'openai-chat/stream-tool-call.sse' }),
    expect: { toolName: 'get_capital' },
  },
  error401: {
    routes: fixtureRoute({ path: PATH, fixture: 'openai-chat/error-401-invalid-api-key.json' }),
  },
  error429: {
    // The recording has no Retry-After header; the suite checks retryAfterMs against the one added here.
    routes: fixtureRoute({
      path: PATH,
      fixture: 'openai-chat/compat-openrouter-error-429.json',
      status: 429,
      headers: { 'retry-after': '2' },
    }),
  },
};

/**
 * The non-streamed twin of openai-chat/stream-tool-call.sse, assembled by hand from that recording's
 * chunks (same id, model, call and usage) — no non-streamed recording of that exchange exists.
 */
const assembledToolCall = {
  id: 'chatcmpl-Dx0XpqH8w09uBXwq1zFGYdETjtnEl',
  object: 'chat.completion',
  model: 'gpt-4o-mini-2024-07-18',
  choices: [
    {
      index: 0,
      message: {
        role: 'assistant',
        content: null,
        refusal: null,
        tool_calls: [
          {
            id: 'call_ZR5UUuTt3pf61kjwAJIYdVMj',
            type: 'function',
            function: { name: 'get_capital', arguments: '{"country":"UK"}' },
          },
        ],
      },
      finish_reason: 'tool_calls',
    },
  ],
  usage: {
    prompt_tokens: 53,
    completion_tokens: 15,
    total_tokens: 68,
    prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0 },
  },
};

function options(faults?: ToyFaults): ProviderConformanceOptions {
  return {
    name: 'toy OpenAI chat provider',
    makeProvider: (baseURL, { apiKey }) =>
      toyOpenAIChat({ baseURL, apiKey, ...(faults ? { faults } : {}) }),
    model: 'gpt-4o-mini',
    apiKey: API_KEY,
    fixtures,
    pairs: [
      {
        name: 'stream-tool-call',
        send: { routes: { path: PATH, body: assembledToolCall } },
        stream: 'toolCallStream',
      },
    ],
  };
}

// The suite itself, against a provider that follows the rules: every check must pass.
providerConformance(options());

async function runCheck(namePrefix: string, faults: ToyFaults): Promise<unknown> {
  const check = providerConformanceChecks(options(faults)).find((candidate) =>
    candidate.name.startsWith(namePrefix),
  );
  if (check === undefined) throw new Error(`no check named "${namePrefix}…"`);
  return check.run().then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('provider conformance checks', () => {
  it('are these, in this order, one per pair at the end', () => {
    expect(providerConformanceChecks(options()).map((check) => check.name)).toEqual([
      'sendMessage returns the text answer',
      'sendMessage sends the model and the API key in one request',
      'streamMessage streams the text answer, finish last',
      'sendMessage returns tool calls (name, JSON arguments, id)',
      'streamMessage returns tool calls (name, JSON arguments, id)',
      'usage counts are non-negative integers (never NaN), cached ⊆ prompt, reasoning ⊆ completion',
      'an already-aborted signal rejects sendMessage and streamMessage with AbortError',
      'aborting sendMessage mid-body rejects with AbortError and closes the connection',
      'aborting a stream mid-way rejects with AbortError and closes the connection',
      'breaking out of for await closes the connection',
      '401: sendMessage and streamMessage reject with ProviderError status 401 (or the recorded auth status), not retryable',
      '429: sendMessage and streamMessage reject with a retryable ProviderError, retryAfterMs from Retry-After',
      'a connection closed before the response rejects with a typed error (not AbortError)',
      'a connection reset mid-stream rejects with a typed error (not AbortError)',
      'the API key never appears in errors (message, String, JSON, stack, inspect, causes)',
      'the API key is redacted even when the server echoes it in the error body',
      'stream collect() deep-equals sendMessage on the same exchange (stream-tool-call)',
    ]);
  });
});

describe('provider conformance checks catch broken providers', () => {
  it.each<[string, string, ToyFaults, RegExp]>([
    [
      'a key in error messages',
      'the API key never appears',
      { leakKey: true },
      /401 error: The secret .* appears in error\.message/,
    ],
    [
      'an echoed key kept in the error body',
      'the API key is redacted',
      { noBodyRedaction: true },
      /appears in error\.(message|body)/,
    ],
    [
      'NaN usage',
      'usage counts are',
      { nanUsage: true },
      /usage\.promptTokens must be a non-negative integer.*NaN/,
    ],
    ['a retryable 401', '401:', { retryable401: true }, /an authentication error is not retryable/],
    [
      'a stream that drops usage',
      'stream collect() deep-equals',
      { dropStreamUsage: true },
      /usage/,
    ],
    [
      'no API key sent',
      'sendMessage sends the model and the API key',
      { noAuth: true },
      /API key is in no request header/,
    ],
    [
      'a plain Error on abort',
      'aborting sendMessage mid-body',
      { plainAbortError: true },
      /wrong error: Error: aborted/,
    ],
    [
      'an event of a type of its own',
      'streamMessage streams the text answer',
      { unknownEventType: true },
      /an event of unknown type "text_delta"/,
    ],
    [
      'raw socket errors',
      'a connection closed before the response',
      { rawConnectionErrors: true },
      /wrong error/,
    ],
  ])('%s fails "%s"', async (_label, check, faults, message) => {
    const error = await runCheck(check, faults);
    expect(error).toBeInstanceOf(AssertionError);
    expect((error as Error).message).toMatch(message);
  });

  it('never prints the API key in its own failure messages', async () => {
    const error = await runCheck('the API key never appears', { leakKey: true });
    expect((error as Error).message).not.toContain(API_KEY);
  });

  it('validates its options, naming the bad one', () => {
    const valid = options();
    const bad: Array<[Partial<ProviderConformanceOptions>, string]> = [
      [{ makeProvider: undefined as never }, 'options.makeProvider'],
      [{ model: '' }, 'options.model'],
      [{ apiKey: 'short' }, 'options.apiKey'],
      [{ fixtures: { ...fixtures, error429: undefined as never } }, 'options.fixtures.error429'],
      [{ pairs: [{ send: 'nope' as never, stream: 'textStream' }] }, 'options.pairs[0].send'],
    ];
    for (const [change, argument] of bad) {
      let error: unknown;
      try {
        providerConformanceChecks({ ...valid, ...change });
      } catch (caught) {
        error = caught;
      }
      expect(ValidationError.isInstance(error), argument).toBe(true);
      expect((error as ValidationError).argument).toBe(argument);
    }
  });

  it('rejects fixtures it cannot inject faults into', async () => {
    const checks = providerConformanceChecks({
      ...options(),
      fixtures: {
        ...fixtures,
        text: {
          routes: {
            path: PATH,
            respond: (_request, response) => {
              response.end('{}');
            },
          },
        },
      },
    });
    const check = checks.find((candidate) => candidate.name.startsWith('aborting sendMessage'));
    await expect(check?.run()).rejects.toThrow(/fixtures\.text\.routes/);
  });

  it('uses the 429 expectation given by the adapter over the header', async () => {
    const checks = providerConformanceChecks({
      ...options(),
      fixtures: { ...fixtures, error429: { ...fixtures.error429, expect: { retryAfterMs: 5000 } } },
    });
    const check = checks.find((candidate) => candidate.name.startsWith('429:'));
    const error = await check?.run().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/retryAfterMs/);
    expect(ProviderError.isInstance(error)).toBe(false);
  });
});
