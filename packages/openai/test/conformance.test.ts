/**
 * The provider conformance suite of @aigo/testing, for both APIs, against recorded payloads.
 * Recorded 429s with a `Retry-After` header do not exist; the header is added to the recorded
 * OpenRouter 429 body (OpenAI's error envelope), which answers both paths.
 */
import { fixtureRoute, loadFixtureJson, providerConformance } from '@aigo/testing';
import { openai } from '../src/index.js';
import { chatBodyToSse, finalResponseOfSse, responsesBodyToSse } from './support/derive-streams.js';
import { CHAT_PATH, RESPONSES_PATH, TEST_API_KEY } from './support/harness.js';

type Json = Record<string, unknown>;

const rateLimited = (path: string) =>
  fixtureRoute({
    path,
    fixture: 'openai-chat/compat-openrouter-error-429.json',
    status: 429,
    headers: { 'retry-after': '3' },
  });

const chatPair = (fixture: string) => ({
  name: `${fixture} whole and as a derived stream`,
  send: { routes: fixtureRoute({ path: CHAT_PATH, fixture: `openai-chat/${fixture}` }) },
  stream: {
    routes: {
      path: CHAT_PATH,
      sse: chatBodyToSse(loadFixtureJson<Json>(`openai-chat/${fixture}`)),
    },
  },
});

providerConformance({
  name: 'openai (Chat Completions)',
  makeProvider: (baseURL, { apiKey }) => openai({ baseURL: `${baseURL}/v1`, apiKey, api: 'chat' }),
  model: 'gpt-4o-mini',
  apiKey: TEST_API_KEY,
  fixtures: {
    text: {
      routes: fixtureRoute({ path: CHAT_PATH, fixture: 'openai-chat/text-gpt-4o-mini.json' }),
      expect: { content: /Lisbon/ },
    },
    textStream: {
      routes: fixtureRoute({ path: CHAT_PATH, fixture: 'openai-chat/stream-text-with-usage.sse' }),
      expect: { content: 'The capital of the UK is London.' },
    },
    toolCall: {
      routes: fixtureRoute({ path: CHAT_PATH, fixture: 'openai-chat/tool-call.json' }),
      expect: { toolName: 'lookup_population' },
    },
    toolCallStream: {
      routes: fixtureRoute({ path: CHAT_PATH, fixture: 'openai-chat/stream-tool-call.sse' }),
      expect: { toolName: 'get_capital' },
    },
    error401: {
      routes: fixtureRoute({
        path: CHAT_PATH,
        fixture: 'openai-chat/error-401-invalid-api-key.json',
      }),
    },
    error429: { routes: rateLimited(CHAT_PATH), expect: { retryAfterMs: 3000 } },
  },
  pairs: [
    chatPair('text.json'),
    chatPair('tool-calls-parallel.json'),
    chatPair('compat-deepseek-tool-call.json'),
    chatPair('refusal.json'),
  ],
});

const responsesPair = (fixture: string) => ({
  name: `${fixture} whole and as a derived stream`,
  send: { routes: fixtureRoute({ path: RESPONSES_PATH, fixture: `openai-responses/${fixture}` }) },
  stream: {
    routes: {
      path: RESPONSES_PATH,
      sse: responsesBodyToSse(loadFixtureJson<Json>(`openai-responses/${fixture}`)),
    },
  },
});

const recordedStreamPair = (fixture: string) => ({
  name: `${fixture} and its own final response`,
  send: {
    routes: {
      path: RESPONSES_PATH,
      body: finalResponseOfSse(
        new TextDecoder().decode(
          fixtureRoute({ path: RESPONSES_PATH, fixture: `openai-responses/${fixture}` })
            .sse as Uint8Array,
        ),
      ),
    },
  },
  stream: {
    routes: fixtureRoute({ path: RESPONSES_PATH, fixture: `openai-responses/${fixture}` }),
  },
});

providerConformance({
  name: 'openai (Responses API)',
  makeProvider: (baseURL, { apiKey }) =>
    openai({ baseURL: `${baseURL}/v1`, apiKey, api: 'responses' }),
  model: 'gpt-5-mini',
  apiKey: TEST_API_KEY,
  fixtures: {
    text: {
      routes: fixtureRoute({ path: RESPONSES_PATH, fixture: 'openai-responses/text.json' }),
      expect: { content: 'pong' },
    },
    textStream: {
      routes: fixtureRoute({
        path: RESPONSES_PATH,
        fixture: 'openai-responses/stream-after-function-output.sse',
      }),
      expect: { content: '1231 × 2331 = **2,869,461**' },
    },
    toolCall: {
      routes: fixtureRoute({
        path: RESPONSES_PATH,
        fixture: 'openai-responses/function-call.json',
      }),
      expect: { toolName: 'get_current_weather' },
    },
    toolCallStream: {
      routes: fixtureRoute({
        path: RESPONSES_PATH,
        fixture: 'openai-responses/stream-function-call.sse',
      }),
      expect: { toolName: 'get_current_weather' },
    },
    error401: {
      routes: fixtureRoute({
        path: RESPONSES_PATH,
        fixture: 'openai-responses/error-401-invalid-api-key.json',
      }),
    },
    error429: { routes: rateLimited(RESPONSES_PATH), expect: { retryAfterMs: 3000 } },
  },
  pairs: [
    recordedStreamPair('stream-reasoning-summary.sse'),
    recordedStreamPair('stream-function-call.sse'),
    responsesPair('reasoning-summary.json'),
    responsesPair('web-search.json'),
  ],
});
