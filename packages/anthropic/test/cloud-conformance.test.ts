/**
 * The provider conformance suite for Claude on Vertex AI and on Bedrock, on the recorded Messages
 * API payloads of this package: Vertex relays the body and SSE stream as they are; Bedrock relays
 * the body, and streams each SSE event as a `chunk` of AWS's event stream (framing built with
 * @smithy/eventstream-codec, see support/cloud-harness.ts).
 */
import { fixtureRoute, providerConformance } from '@aigo/testing';
import { anthropicBedrock } from '../src/bedrock/index.js';
import { anthropicVertex } from '../src/vertex/index.js';
import { bedrockChunks } from './support/cloud-harness.js';
import { fixtureFile, fixtureText } from './support/harness.js';

const VERTEX_MODEL = 'claude-sonnet-4-5@20250929';
const vertexPath = (operation: string) =>
  new RegExp(
    `^/v1/projects/test-project/locations/us-east5/publishers/anthropic/models/[^/]+:${operation}$`,
  );
const vertexRoute = (fixture: string) =>
  fixtureRoute({
    path: fixture.startsWith('error-')
      ? vertexPath('(?:stream)?[rR]awPredict')
      : vertexPath('rawPredict'),
    fixture: fixtureFile(fixture),
  });

providerConformance({
  name: 'anthropicVertex (rawPredict)',
  makeProvider: (baseURL, { apiKey }) =>
    anthropicVertex({
      project: 'test-project',
      location: 'us-east5',
      baseURL,
      credentials: { getAccessToken: async () => apiKey },
    }),
  model: VERTEX_MODEL,
  apiKey: 'ya29.conformance-access-token-0001',
  fixtures: {
    text: { routes: vertexRoute('text.json'), expect: { content: '2' } },
    textStream: {
      routes: { path: vertexPath('streamRawPredict'), sse: fixtureText('stream-text.sse') },
      expect: { content: '- Captain\n- Scoop' },
    },
    toolCall: { routes: vertexRoute('tool-use.json'), expect: { toolName: 'weather' } },
    toolCallStream: {
      routes: { path: vertexPath('streamRawPredict'), sse: fixtureText('stream-tool-use.sse') },
      expect: { toolName: 'weather' },
    },
    error401: { routes: vertexRoute('error-401-authentication.json') },
    error429: { routes: vertexRoute('error-429-rate-limit.json'), expect: { retryAfterMs: 7000 } },
  },
});

const INVOKE = /^\/model\/[^/]+\/invoke$/;
const INVOKE_STREAM = /^\/model\/[^/]+\/invoke-with-response-stream$/;
const EITHER = /^\/model\/[^/]+\/invoke(?:-with-response-stream)?$/;
const eventStream = (fixture: string) => ({
  path: INVOKE_STREAM,
  headers: { 'content-type': 'application/vnd.amazon.eventstream' },
  body: bedrockChunks(fixture),
});

providerConformance({
  name: 'anthropicBedrock (InvokeModel)',
  makeProvider: (baseURL, { apiKey }) =>
    anthropicBedrock({
      region: 'us-east-1',
      baseURL,
      credentials: { accessKeyId: apiKey, secretAccessKey: 'conformance-secret-access-key' },
    }),
  model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
  apiKey: 'AKIACONFORMANCECLAUD',
  fixtures: {
    text: {
      routes: fixtureRoute({ path: INVOKE, fixture: fixtureFile('text.json') }),
      expect: { content: '2' },
    },
    textStream: {
      routes: eventStream('stream-text.sse'),
      expect: { content: '- Captain\n- Scoop' },
    },
    toolCall: {
      routes: fixtureRoute({ path: INVOKE, fixture: fixtureFile('tool-use.json') }),
      expect: { toolName: 'weather' },
    },
    toolCallStream: { routes: eventStream('stream-tool-use.sse'), expect: { toolName: 'weather' } },
    // Bedrock answers bad credentials with 403 and its own error body; the recorded Anthropic 401 is
    // replayed with Bedrock's status to check the mapping.
    error401: {
      routes: fixtureRoute({
        path: EITHER,
        fixture: fixtureFile('error-403-permission.built.json'),
        status: 403,
      }),
      expect: { status: 403 },
    },
    error429: {
      routes: fixtureRoute({ path: EITHER, fixture: fixtureFile('error-429-rate-limit.json') }),
      expect: { retryAfterMs: 7000 },
    },
  },
});
