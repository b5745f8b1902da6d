/**
 * The provider conformance suite of @aigo/testing against Bedrock Converse payloads: recorded
 * Converse answers and ConverseStream events (framed for the wire by @smithy/eventstream-codec's
 * encoder), and built error answers (see fixtures/README.md).
 */
import { providerConformance } from '@aigo/testing';
import { bedrock } from '../src/index.js';
import {
  converseToStreamLines,
  eventStreamBody,
  fixtureText,
  route,
  streamRoute,
  TEST_SECRET_ACCESS_KEY,
} from './support/harness.js';

/** A recorded Converse answer, and the same answer as the ConverseStream events Bedrock sends (built). */
const pair = (fixture: string) => ({
  name: `${fixture} whole and as its stream`,
  send: { routes: route(fixture) },
  stream: {
    routes: streamRoute(
      eventStreamBody(
        converseToStreamLines(JSON.parse(fixtureText(fixture)) as Record<string, unknown>),
      ),
      {
        headers: {
          'content-type': 'application/vnd.amazon.eventstream',
          'x-amzn-requestid': 'f3b3c1d2-0000-4000-8000-00000000000a',
        },
      },
    ),
  },
});

const textStream = eventStreamBody(fixtureText('converse-stream-text.chunks.jsonl'));
const toolStream = eventStreamBody(fixtureText('converse-stream-tool-call.chunks.jsonl'));

providerConformance({
  name: 'bedrock (Converse)',
  makeProvider: (baseURL, { apiKey }) =>
    bedrock({
      region: 'us-east-1',
      baseURL,
      credentials: { accessKeyId: apiKey, secretAccessKey: TEST_SECRET_ACCESS_KEY },
    }),
  model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  apiKey: 'AKIACONFORMANCE00001',
  fixtures: {
    text: { routes: route('converse-text.json'), expect: { content: /There are \*\*3\*\*/ } },
    textStream: {
      routes: streamRoute(textStream),
      expect: { content: /There are \*\*3\*\*/ },
      stallAfterBytes: textStream.ends[Math.floor(textStream.ends.length / 2)] as number,
    },
    toolCall: { routes: route('converse-tool-call.json'), expect: { toolName: 'bash' } },
    toolCallStream: { routes: streamRoute(toolStream), expect: { toolName: 'test-tool' } },
    // Bedrock answers bad credentials with 403 (UnrecognizedClientException), never 401.
    error401: { routes: route('error-403-access-denied.built.json'), expect: { status: 403 } },
    error429: { routes: route('error-429-throttling.built.json'), expect: { retryAfterMs: 3000 } },
  },
  pairs: [
    pair('converse-text.json'),
    pair('converse-reasoning.json'),
    pair('converse-tool-call.json'),
    pair('converse-guardrail-intervened.json'),
    pair('converse-nova-micro-text.json'),
  ],
});
