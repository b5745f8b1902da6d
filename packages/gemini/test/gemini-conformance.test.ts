import { fixtureRoute, providerConformance, type RecordedRoute } from '@aigo/testing';
import { gemini } from '../src/gemini-provider.js';
import {
  GENERATE_PATH,
  STREAM_PATH,
  sseOfJsonFixture,
  TEST_API_KEY,
} from './support/test-gemini-server.js';

/** The same fixture on both endpoints (Gemini answers errors alike for both). */
function onBothEndpoints(fixture: string, status: number): RecordedRoute[] {
  return [GENERATE_PATH, STREAM_PATH].map((path) => fixtureRoute({ path, fixture, status }));
}

providerConformance({
  name: 'gemini',
  makeProvider: (baseURL, { apiKey }) => gemini({ apiKey, baseURL: `${baseURL}/v1beta` }),
  model: 'gemini-2.5-flash',
  apiKey: TEST_API_KEY,
  fixtures: {
    text: {
      routes: fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/text.json' }),
      expect: { content: /Mountain View, California/ },
    },
    textStream: {
      routes: fixtureRoute({ path: STREAM_PATH, fixture: 'gemini/stream-text-long.sse' }),
      expect: { content: /^Okay, let's dive into the world of cats and dogs!/ },
    },
    toolCall: {
      routes: fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/function-call.json' }),
      expect: { toolName: 'weather' },
    },
    toolCallStream: {
      routes: fixtureRoute({
        path: STREAM_PATH,
        fixture: 'gemini/stream-function-call-thought-signature.sse',
      }),
      expect: { toolName: 'now' },
    },
    // Gemini answers a bad key with 400 API_KEY_INVALID, not 401.
    error401: {
      routes: onBothEndpoints('gemini/error-400-api-key-invalid.json', 400),
      expect: { status: 400 },
    },
    // No Retry-After header: the wait comes from the body's RetryInfo.retryDelay ("34.4s").
    error429: {
      routes: onBothEndpoints('gemini/error-429-quota-retry-info.json', 429),
      expect: { retryAfterMs: 34_400 },
    },
  },
  pairs: [
    {
      name: 'text-thought-signature.json whole and as an SSE chunk',
      send: {
        routes: fixtureRoute({
          path: GENERATE_PATH,
          fixture: 'gemini/text-thought-signature.json',
        }),
      },
      stream: {
        routes: { path: STREAM_PATH, sse: sseOfJsonFixture('gemini/text-thought-signature.json') },
      },
    },
    {
      name: 'function-call.json whole and as an SSE chunk',
      send: { routes: fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/function-call.json' }) },
      stream: { routes: { path: STREAM_PATH, sse: sseOfJsonFixture('gemini/function-call.json') } },
    },
    {
      name: 'grounding-google-search.json whole and as an SSE chunk',
      send: {
        routes: fixtureRoute({
          path: GENERATE_PATH,
          fixture: 'gemini/grounding-google-search.json',
        }),
      },
      stream: {
        routes: { path: STREAM_PATH, sse: sseOfJsonFixture('gemini/grounding-google-search.json') },
      },
    },
  ],
});
