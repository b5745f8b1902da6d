/**
 * The provider conformance suite of @aigo/testing against recorded Messages API payloads. The pairs
 * replay a recorded message whole and as the stream the API sends for it (`messageToSse`), so
 * `collect()` must equal `sendMessage()` field by field — thinking signatures, server-tool blocks,
 * grounding and code executions included.
 */
import { providerConformance } from '@aigo/testing';
import { anthropic } from '../src/index.js';
import {
  fixtureJson,
  MESSAGES_PATH,
  messageToSse,
  route,
  TEST_API_KEY,
} from './support/harness.js';

const pair = (fixture: string) => ({
  name: `${fixture} whole and as its stream`,
  send: { routes: route(fixture) },
  stream: { routes: { path: MESSAGES_PATH, sse: messageToSse(fixtureJson(fixture)) } },
});

providerConformance({
  name: 'anthropic (Messages API)',
  makeProvider: (baseURL, { apiKey }) => anthropic({ baseURL, apiKey }),
  model: 'claude-sonnet-4-5',
  apiKey: TEST_API_KEY,
  fixtures: {
    text: { routes: route('text.json'), expect: { content: '2' } },
    textStream: { routes: route('stream-text.sse'), expect: { content: '- Captain\n- Scoop' } },
    toolCall: { routes: route('tool-use.json'), expect: { toolName: 'weather' } },
    toolCallStream: { routes: route('stream-tool-use.sse'), expect: { toolName: 'weather' } },
    error401: { routes: route('error-401-authentication.json') },
    // The recorded 429 carries `retry-after: 7`.
    error429: { routes: route('error-429-rate-limit.json'), expect: { retryAfterMs: 7000 } },
  },
  pairs: [
    pair('text.json'),
    pair('thinking.json'),
    pair('thinking-tool-use.json'),
    pair('redacted-thinking.json'),
    pair('tool-calls-parallel.json'),
    pair('tool-use-no-args.json'),
    pair('web-search.json'),
    pair('web-fetch.json'),
    pair('code-execution.json'),
    pair('citations-document-text.json'),
    pair('stop-sequence.json'),
    pair('usage-cache-creation.json'),
  ],
});
