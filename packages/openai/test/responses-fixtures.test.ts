/**
 * Every recorded Responses API fixture, served over real HTTP on 127.0.0.1: the mapped answer (or
 * stream events, `collect()` and error), the request body the adapter sent, every stream re-chunked
 * at random byte boundaries, and `collect()` = `sendMessage()` for the same exchange — the recorded
 * stream against its own final `response` object, and each recorded body against a stream derived
 * from it.
 */
import { readdirSync } from 'node:fs';
import {
  assistantMessage,
  type ChatRequest,
  type ChatResponse,
  ProviderError,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import {
  fixturePath,
  fixtureRoute,
  loadFixture,
  loadFixtureJson,
  sseFromChunksJsonl,
} from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type OpenAIOptions, openaiTools } from '../src/index.js';
import { finalResponseOfSse, responsesBodyToSse } from './support/derive-streams.js';
import {
  createHarness,
  drain,
  errorText,
  RESPONSES_PATH,
  rechunkedSseRoute,
  TEST_API_KEY,
  toolsFromResponsesWire,
} from './support/harness.js';

type Json = Record<string, unknown>;
const DIR = 'openai-responses';
const harness = createHarness();
afterEach(() => harness.closeAll());

const recorded = (name: string): Json => loadFixtureJson<Json>(`${DIR}/${name}`);

/** The SSE body of a stream fixture (`.chunks.jsonl` replayed as `data:` events, no terminator). */
function sseText(name: string): string {
  const text = loadFixture(`${DIR}/${name}`);
  return name.endsWith('.chunks.jsonl') ? sseFromChunksJsonl(text) : text;
}

/**
 * The recorded request as our adapter should send it. Intentional differences, normalised here:
 * - a bare string `input` is the API's shorthand for one user message: we always send the list;
 * - `stream: false` is never sent (the API's default);
 * - `store` is always sent: a recording without it had OpenAI's default, `true` (those cases use a
 *   provider built with `store: true`).
 */
function expectedResponsesBody(name: string): Json {
  const body = structuredClone(recorded(name));
  if (typeof body.input === 'string') body.input = [{ role: 'user', content: body.input }];
  if (body.stream === false) delete body.stream;
  body.store ??= true;
  return body;
}

interface ErrorExpectation {
  readonly code: string;
  readonly status?: number;
  readonly providerCode?: string;
  readonly retryable: boolean;
  readonly partial?: Partial<ChatResponse>;
}

interface ResponsesCase {
  readonly request: ChatRequest;
  readonly provider?: OpenAIOptions;
  readonly sentBody?: Json;
  readonly status?: number;
  readonly response?: () => ChatResponse;
  readonly error?: ErrorExpectation;
}

const STORED: OpenAIOptions = { store: true };
const ENCRYPTED = ['reasoning.encrypted_content'];
const summaryText = (final: Json): string => {
  const item = (final.output as Json[]).find((entry) => entry.type === 'reasoning') ?? {};
  return ((item.summary ?? []) as Json[]).map((part) => part.text as string).join('\n\n');
};

const weatherTools = () => toolsFromResponsesWire(recorded('function-call.request.json').tools);

const CASES: Record<string, ResponsesCase> = {
  'error-400-model-not-found.json': {
    provider: STORED,
    request: {
      model: 'invalid-model',
      messages: [userMessage('Hello world')],
      providerOptions: { openai: { user: 'ddtrace-test' } },
    },
    error: {
      code: 'model_not_found',
      status: 400,
      providerCode: 'model_not_found',
      retryable: false,
    },
  },
  'error-400-temperature-unsupported.json': {
    status: 400,
    request: { model: 'o3-mini', messages: [userMessage('Hi')], temperature: 0.5 },
    sentBody: {
      model: 'o3-mini',
      input: [{ role: 'user', content: 'Hi' }],
      store: false,
      include: ENCRYPTED,
      temperature: 0.5,
    },
    error: {
      code: 'bad_request',
      status: 400,
      providerCode: 'invalid_request_error',
      retryable: false,
    },
  },
  'error-401-invalid-api-key.json': {
    provider: STORED,
    request: {
      model: 'gpt-4.1',
      messages: [userMessage('Hello world')],
      providerOptions: { openai: { user: 'ddtrace-test' } },
    },
    error: {
      code: 'invalid_api_key',
      status: 401,
      providerCode: 'invalid_api_key',
      retryable: false,
    },
  },
  'function-call.json': {
    provider: STORED,
    request: {
      model: 'gpt-4.1',
      messages: [userMessage('What is the weather like in Boston today?')],
      tools: weatherTools(),
      toolChoice: 'auto',
    },
    response: () => ({
      id: 'resp_682f80f5bdb88191bb25ea6b93eb685f03d0b2fd90d3afa9',
      model: 'gpt-4.1-2025-04-14',
      content: '',
      toolCalls: [
        {
          id: 'call_tjEzTywkXuBUO42ugPFnQYqi',
          type: 'function',
          function: {
            name: 'get_current_weather',
            arguments: '{"location":"Boston, MA","unit":"celsius"}',
          },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'completed',
      usage: {
        promptTokens: 75,
        completionTokens: 23,
        totalTokens: 98,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'function-calls-parallel.json': {
    provider: STORED,
    request: {
      model: 'gpt-4o',
      systemPrompt: '',
      messages: [userMessage('What is the location of Londos and London?')],
      tools: toolsFromResponsesWire(recorded('function-calls-parallel.request.json').tools),
      toolChoice: 'auto',
    },
    response: () => ({
      id: 'resp_67e547c48c9481918c5c4394464ce0c60ae6111e84dd5c08',
      model: 'gpt-4o-2024-08-06',
      content: '',
      toolCalls: [
        {
          id: 'call_LWVp74L5HaH2KNvgVz9PJsrj',
          type: 'function',
          function: { name: 'get_location', arguments: '{"loc_name":"Londos"}' },
        },
        {
          id: 'call_YnRAWeTyxI91m5uNa5bxXwVO',
          type: 'function',
          function: { name: 'get_location', arguments: '{"loc_name":"London"}' },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'completed',
      usage: {
        promptTokens: 0,
        completionTokens: 0,
        totalTokens: 0,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'reasoning-encrypted-content.json': {
    request: {
      model: 'gpt-5.5',
      messages: [
        userMessage(
          'Pick a clever country name, look up its population, then check whether it can have dragons. Be brief.',
        ),
      ],
      tools: toolsFromResponsesWire(recorded('reasoning-encrypted-content.request.json').tools),
      reasoning: { effort: 'high' },
    },
    response: () => {
      const item = (recorded('reasoning-encrypted-content.json').output as Json[])[0] as Json;
      return {
        id: 'resp_0f4809b27460351d0169fab217db348196b980331b574f45c6',
        model: 'gpt-5.5-2026-04-23',
        content: '',
        toolCalls: [
          {
            id: 'call_uy7tfNVokIN7NjFF6k7OtLyl',
            type: 'function',
            function: { name: 'lookup_population', arguments: '{"country":"Pundora"}' },
          },
        ],
        finishReason: 'tool_calls',
        rawFinishReason: 'completed',
        usage: {
          promptTokens: 94,
          completionTokens: 85,
          totalTokens: 179,
          reasoningTokens: 63,
          cachedTokens: 0,
        },
        providerMetadata: {
          openai: {
            reasoningItems: [
              {
                type: 'reasoning',
                id: item.id,
                summary: [],
                encrypted_content: item.encrypted_content,
              },
            ],
          },
        },
      };
    },
  },
  'reasoning-summary.json': {
    provider: STORED,
    request: {
      model: 'gpt-5.2',
      systemPrompt: 'You are a helpful coding assistant.',
      messages: [
        userMessage(
          'Write a Python function that calculates the factorial of a number. Think step by step.',
        ),
      ],
      reasoning: { effort: 'high', includeThoughts: true },
      providerOptions: { openai: { include: ENCRYPTED } },
    },
    response: () => {
      const body = recorded('reasoning-summary.json');
      const item = (body.output as Json[])[0] as Json;
      const message = (body.output as Json[])[1] as Json;
      return {
        id: 'resp_0b028a7a2aca8d68006942f4e05a848193a3052f1530ea1deb',
        model: 'gpt-5.2-2025-12-11',
        content: ((message.content as Json[])[0] as Json).text as string,
        reasoning: summaryText(body),
        toolCalls: [],
        finishReason: 'stop',
        rawFinishReason: 'completed',
        usage: {
          promptTokens: 34,
          completionTokens: 226,
          totalTokens: 260,
          reasoningTokens: 59,
          cachedTokens: 0,
        },
        providerMetadata: {
          openai: {
            reasoningItems: [
              {
                type: 'reasoning',
                id: item.id,
                summary: item.summary,
                encrypted_content: item.encrypted_content,
              },
            ],
          },
        },
      };
    },
  },
  'stream-after-function-output.sse': {
    request: {
      model: 'gpt-5.5',
      messages: [
        userMessage('What is 1231 * 2331? Use the multiply tool.'),
        assistantMessage('', [
          {
            id: 'call_sVidsfFJ6zlzRpelrPkTPlpd',
            type: 'function',
            function: { name: 'multiply', arguments: '{"a": 1231, "b": 2331}' },
          },
        ]),
        toolMessage('call_sVidsfFJ6zlzRpelrPkTPlpd', '2869461'),
      ],
      tools: toolsFromResponsesWire(recorded('stream-after-function-output.request.json').tools),
      reasoning: { effort: 'low' },
    },
    response: () => ({
      id: 'resp_0dacb603de1c9e6b0169fab1c2314081a3b1df3cc5c09e0c60',
      model: 'gpt-5.5-2026-04-23',
      content: '1231 × 2331 = **2,869,461**',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'completed',
      usage: {
        promptTokens: 94,
        completionTokens: 18,
        totalTokens: 112,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'stream-error-insufficient-quota.chunks.jsonl': {
    request: { model: 'gpt-5-nano', messages: [userMessage('Hi')] },
    sentBody: {
      model: 'gpt-5-nano',
      input: [{ role: 'user', content: 'Hi' }],
      store: false,
      include: ENCRYPTED,
      stream: true,
    },
    // The error arrives inside an HTTP 200 stream; the response id seen so far is kept.
    error: {
      code: 'insufficient_quota',
      providerCode: 'insufficient_quota',
      retryable: false,
      partial: {
        id: 'resp_05500b38c2cd9bfc00691c7c9d222481a3b595421266dab424',
        model: 'gpt-5-nano-2025-08-07',
        content: '',
      },
    },
  },
  'stream-function-call.sse': {
    provider: STORED,
    request: {
      model: 'gpt-4.1',
      messages: [userMessage('What is the weather like in Boston today?')],
      tools: weatherTools(),
      providerOptions: { openai: { user: 'ddtrace-test' } },
    },
    response: () => ({
      id: 'resp_682c9421a0b881918d920a1c0ad7a6250b603284be451166',
      model: 'gpt-4.1-2025-04-14',
      content: '',
      toolCalls: [
        {
          id: 'call_lGe2JKQEBSP15opZ3KfxtEUC',
          type: 'function',
          function: {
            name: 'get_current_weather',
            arguments: '{"location":"Boston, MA","unit":"celsius"}',
          },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'completed',
      usage: {
        promptTokens: 75,
        completionTokens: 23,
        totalTokens: 98,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'stream-incomplete-max-output-tokens.sse': {
    provider: STORED,
    request: {
      model: 'gpt-4o',
      messages: [userMessage('Give me a multi paragraph narrative on the life of a car')],
      maxOutputTokens: 16,
      temperature: 0.1,
    },
    response: () => ({
      id: 'resp_6866d2dec420819c92534dcf75e475120847a84b87aad89c',
      model: 'gpt-4o-2024-08-06',
      content: 'In the bustling city of Detroit, a sleek, metallic blue sedan rolled off the',
      toolCalls: [],
      finishReason: 'length',
      rawFinishReason: 'max_output_tokens',
      // The recording's usage is all zeros (scrubbed by its source); reported as is.
      usage: {
        promptTokens: 0,
        completionTokens: 0,
        totalTokens: 0,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'stream-reasoning-summary.sse': {
    request: {
      model: 'o4-mini',
      messages: [userMessage('If 1 plus a number is 10, what is the number?')],
      providerOptions: { openai: { reasoningSummary: 'detailed' } },
    },
    sentBody: {
      model: 'o4-mini',
      input: [{ role: 'user', content: 'If 1 plus a number is 10, what is the number?' }],
      store: false,
      include: ENCRYPTED,
      stream: true,
      reasoning: { summary: 'detailed' },
    },
    response: () => {
      const final = finalResponseOfSse(sseText('stream-reasoning-summary.sse'));
      const item = (final.output as Json[])[0] as Json;
      return {
        id: 'resp_6877c00e3380819d83a86eb2b2b4fe17014f759afd995257',
        model: 'o4-mini-2025-04-16',
        content: 'The number is 9, since 1 + x = 10 ⇒ x = 10 − 1 = 9.',
        reasoning: summaryText(final),
        toolCalls: [],
        finishReason: 'stop',
        rawFinishReason: 'completed',
        usage: {
          promptTokens: 20,
          completionTokens: 166,
          totalTokens: 186,
          reasoningTokens: 128,
          cachedTokens: 0,
        },
        // Recorded with store: true and no include, so the item has no encrypted_content.
        providerMetadata: {
          openai: { reasoningItems: [{ type: 'reasoning', id: item.id, summary: item.summary }] },
        },
      };
    },
  },
  'stream-text.sse': {
    request: {
      model: 'gpt-5.5',
      messages: [userMessage('Reply with exactly: pong')],
      reasoning: { effort: 'low' },
    },
    response: () => ({
      id: 'resp_00592e63e61b66660169fab1b9f8e481a2b321356198d7ac1b',
      model: 'gpt-5.5-2026-04-23',
      content: 'pong',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'completed',
      usage: {
        promptTokens: 11,
        completionTokens: 5,
        totalTokens: 16,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'structured-output-json-schema.json': {
    provider: STORED,
    request: {
      model: 'gpt-4o-2024-08-06',
      messages: [userMessage('solve 8x + 31 = 2')],
      responseFormat: {
        type: 'json',
        name: 'MathResponse',
        schema: (
          (recorded('structured-output-json-schema.request.json').text as Json).format as Json
        ).schema as Json,
        strict: true,
      },
    },
    response: () => {
      const message = (recorded('structured-output-json-schema.json').output as Json[])[0] as Json;
      return {
        id: 'resp_0de9131b0e98eae40168e8cc7c2afc819597235a146d5b3537',
        model: 'gpt-4o-2024-08-06',
        content: ((message.content as Json[])[0] as Json).text as string,
        toolCalls: [],
        finishReason: 'stop',
        rawFinishReason: 'completed',
        usage: {
          promptTokens: 113,
          completionTokens: 99,
          totalTokens: 212,
          reasoningTokens: 0,
          cachedTokens: 0,
        },
      };
    },
  },
  'text.json': {
    request: {
      model: 'gpt-5.5',
      messages: [userMessage('Reply with exactly: pong')],
      reasoning: { effort: 'low' },
    },
    response: () => ({
      id: 'resp_08ddf351751647d60169fab1b8a7ac81a081b9e2400e87fb63',
      model: 'gpt-5.5-2026-04-23',
      content: 'pong',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'completed',
      usage: {
        promptTokens: 11,
        completionTokens: 5,
        totalTokens: 16,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'web-search.json': {
    request: {
      model: 'gpt-5-mini',
      messages: [userMessage('What is in the tech news today? Anything about Vercel?')],
      tools: [openaiTools.webSearch()],
    },
    sentBody: {
      model: 'gpt-5-mini',
      input: [{ role: 'user', content: 'What is in the tech news today? Anything about Vercel?' }],
      store: false,
      include: ENCRYPTED,
      tools: [{ type: 'web_search' }],
    },
    response: () => {
      const body = recorded('web-search.json');
      const message = (body.output as Json[]).find((item) => item.type === 'message') as Json;
      const part = (message.content as Json[])[0] as Json;
      const text = part.text as string;
      const annotations = part.annotations as Json[];
      const urls = [...new Set(annotations.map((a) => a.url as string))];
      return {
        id: 'resp_0953eda47ee17412006933306199c88195b44f9cf2986e1d5b',
        model: 'gpt-5-mini-2025-08-07',
        content: text,
        toolCalls: [],
        finishReason: 'stop',
        rawFinishReason: 'completed',
        usage: {
          promptTokens: 19681,
          completionTokens: 3773,
          totalTokens: 23454,
          reasoningTokens: 3136,
          cachedTokens: 3712,
        },
        grounding: {
          searchQueries: ['tech news today December 5 2025'],
          sources: urls.map((url, index) => ({
            index,
            uri: url,
            title: annotations.find((a) => a.url === url)?.title as string,
          })),
          supports: annotations.map((a) => ({
            text: text.slice(a.start_index as number, a.end_index as number),
            startIndex: a.start_index as number,
            endIndex: a.end_index as number,
            sourceIndices: [urls.indexOf(a.url as string)],
          })),
        },
        providerMetadata: {
          openai: {
            reasoningItems: (body.output as Json[])
              .filter((item) => item.type === 'reasoning')
              .map((item) => ({ type: 'reasoning', id: item.id, summary: [] })),
          },
        },
      };
    },
  },
};

const FIXTURES = readdirSync(fixturePath(DIR))
  .filter((f) => /\.(json|sse|chunks\.jsonl)$/.test(f) && !/\.(request|headers)\.json$/.test(f))
  .sort();
const requestFile = (name: string) => name.replace(/\.(json|sse|chunks\.jsonl)$/, '.request.json');
const hasRequestFile = (name: string) => readdirSync(fixturePath(DIR)).includes(requestFile(name));
const isStream = (name: string) => name.endsWith('.sse') || name.endsWith('.chunks.jsonl');

function expectError(error: unknown, expected: ErrorExpectation): void {
  expect(ProviderError.isInstance(error), String(error)).toBe(true);
  const providerError = error as ProviderError;
  expect(providerError.code).toBe(expected.code);
  expect(providerError.provider).toBe('openai');
  expect(providerError.retryable).toBe(expected.retryable);
  if (expected.status !== undefined) expect(providerError.status).toBe(expected.status);
  if (expected.providerCode !== undefined)
    expect(providerError.providerCode).toBe(expected.providerCode);
  if (expected.partial !== undefined) expect(providerError.partial).toMatchObject(expected.partial);
  expect(errorText(error)).not.toContain(TEST_API_KEY);
}

describe('openai-responses fixtures', () => {
  it('has a case for every fixture in the folder', () => {
    expect(Object.keys(CASES).sort()).toEqual(FIXTURES);
  });

  for (const name of FIXTURES) {
    const testCase = CASES[name] as ResponsesCase;
    const streaming = isStream(name);
    const providerOptions: OpenAIOptions = { api: 'responses', ...testCase.provider };

    it(`${name}: maps the answer and sends the equivalent request`, async () => {
      const server = await harness.serve(
        fixtureRoute({
          path: RESPONSES_PATH,
          fixture: `${DIR}/${name}`,
          ...(testCase.status === undefined ? {} : { status: testCase.status }),
        }),
      );
      const provider = harness.provider(server, providerOptions);
      let result: { response?: ChatResponse; error?: unknown };
      if (streaming) {
        const drained = await drain(await provider.streamMessage(testCase.request));
        result = drained;
        if (drained.response !== undefined) {
          expect(drained.events[0]?.type).toBe('start');
          expect(drained.events.at(-1)?.type).toBe('finish');
        }
      } else {
        result = await provider.sendMessage(testCase.request).then(
          (response) => ({ response }),
          (error: unknown) => ({ error }),
        );
      }
      if (testCase.error !== undefined) {
        expectError(result.error, testCase.error);
      } else {
        expect(result.error).toBeUndefined();
        expect(result.response).toEqual(testCase.response?.());
      }
      const sent = server.lastRequest();
      expect(sent?.path).toBe(RESPONSES_PATH);
      if (hasRequestFile(name)) {
        expect(sent?.body).toEqual(expectedResponsesBody(requestFile(name)));
      } else {
        expect(sent?.body).toEqual(testCase.sentBody);
      }
    });

    if (streaming) {
      it(`${name}: re-chunked at random byte boundaries gives the same result`, async () => {
        const bytes = new TextEncoder().encode(sseText(name));
        for (const seed of [1, 7, 42]) {
          const server = await harness.serve(rechunkedSseRoute(RESPONSES_PATH, bytes, seed));
          const provider = harness.provider(server, providerOptions);
          const drained = await drain(await provider.streamMessage(testCase.request));
          if (testCase.error !== undefined) expectError(drained.error, testCase.error);
          else expect(drained.response).toEqual(testCase.response?.());
        }
      });
    }

    if (streaming && testCase.response !== undefined) {
      it(`${name}: collect() deep-equals sendMessage() of the same exchange's final response`, async () => {
        const server = await harness.serve(
          { path: RESPONSES_PATH, times: 1, body: finalResponseOfSse(sseText(name)) },
          { path: RESPONSES_PATH, times: 1, sse: sseText(name) },
        );
        const provider = harness.provider(server, providerOptions);
        const sent = await provider.sendMessage(testCase.request);
        const collected = await (await provider.streamMessage(testCase.request)).collect();
        expect(collected).toStrictEqual(sent);
      });
    }

    if (!streaming && testCase.response !== undefined) {
      it(`${name}: streamed (derived stream) collect() deep-equals sendMessage()`, async () => {
        const body = recorded(name);
        const server = await harness.serve(
          { path: RESPONSES_PATH, times: 1, body },
          { path: RESPONSES_PATH, times: 1, sse: responsesBodyToSse(body) },
        );
        const provider = harness.provider(server, providerOptions);
        const sent = await provider.sendMessage(testCase.request);
        const collected = await (await provider.streamMessage(testCase.request)).collect();
        expect(collected).toStrictEqual(sent);
      });
    }
  }
});
