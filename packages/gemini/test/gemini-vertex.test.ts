/**
 * `gemini({ vertex })`: the recorded Gemini API payloads of @aigo/testing replayed on Vertex AI's
 * paths (Vertex answers generateContent with the same GenerateContentResponse), a Google access token
 * from a token source, and the conformance suite for this mode.
 */
import {
  fixtureRoute,
  providerConformance,
  type RecordedRoute,
  startRecordedServer,
} from '@aigo/testing';
import { describe, expect, it, vi } from 'vitest';
import { gemini } from '../src/index.js';

const ROOT = '/v1/projects/test-project/locations/us-central1/publishers/google/models';
const GENERATE = new RegExp(`^${ROOT}/[^/]+:generateContent$`);
const STREAM = new RegExp(`^${ROOT}/[^/]+:streamGenerateContent$`);
const tokenSource = (token: string) => ({ getAccessToken: async () => token });

function vertexProvider(baseURL: string, token: string) {
  return gemini({
    baseURL,
    vertex: { project: 'test-project', location: 'us-central1', credentials: tokenSource(token) },
  });
}

function onBoth(fixture: string, status: number): RecordedRoute[] {
  return [GENERATE, STREAM].map((path) => fixtureRoute({ path, fixture, status }));
}

describe('gemini({ vertex })', () => {
  it('calls the publisher path with a bearer token and no API key', async () => {
    await using server = await startRecordedServer([
      fixtureRoute({ path: GENERATE, fixture: 'gemini/text.json' }),
    ]);
    vi.stubEnv('GEMINI_API_KEY', 'AIzaSyD-should-not-be-sent-0123456789abcd');
    const provider = vertexProvider(server.url, 'ya29.vertex-gemini-token-0001');
    try {
      const response = await provider.sendMessage({
        model: 'gemini-2.5-flash',
        messages: [{ role: 'user', content: 'Where is Google?' }],
      });
      expect(response.content).toMatch(/Mountain View, California/);
      const sent = server.requests[0];
      expect(sent?.path).toBe(`${ROOT}/gemini-2.5-flash:generateContent`);
      expect(sent?.headers.authorization).toBe('Bearer ya29.vertex-gemini-token-0001');
      expect(sent?.headers['x-goog-api-key']).toBeUndefined();
      expect(provider.vertex).toBe(true);
      expect(provider.modelCost('gemini-2.5-flash')).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
      await provider.close();
    }
  });

  it('defaults to the global endpoint and names a missing project', () => {
    const provider = gemini({ vertex: { project: 'p', credentials: tokenSource('t') } });
    expect(provider.baseURL).toBe(
      'https://aiplatform.googleapis.com/v1/projects/p/locations/global/publishers/google',
    );
    const regional = gemini({
      vertex: { project: 'p', location: 'europe-west4', credentials: tokenSource('t') },
    });
    expect(regional.baseURL).toBe(
      'https://europe-west4-aiplatform.googleapis.com/v1/projects/p/locations/europe-west4/publishers/google',
    );
    vi.stubEnv('GOOGLE_CLOUD_PROJECT', '');
    try {
      expect(() => gemini({ vertex: {} })).toThrow('options.vertex.project');
      expect(() => gemini({ vertex: { project: 'p', region: 'x' } as never })).toThrow(
        'options.vertex.region',
      );
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('does not embed on Vertex', async () => {
    const provider = gemini({ vertex: { project: 'p', credentials: tokenSource('t') } });
    await expect(
      provider.embed({ model: 'text-embedding-005', values: ['x'] }),
    ).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});

providerConformance({
  name: 'gemini({ vertex })',
  makeProvider: (baseURL, { apiKey }) => vertexProvider(baseURL, apiKey),
  model: 'gemini-2.5-flash',
  apiKey: 'ya29.conformance-vertex-token-0001',
  fixtures: {
    text: {
      routes: fixtureRoute({ path: GENERATE, fixture: 'gemini/text.json' }),
      expect: { content: /Mountain View, California/ },
    },
    textStream: {
      routes: fixtureRoute({ path: STREAM, fixture: 'gemini/stream-text-long.sse' }),
      expect: { content: /^Okay, let's dive into the world of cats and dogs!/ },
    },
    toolCall: {
      routes: fixtureRoute({ path: GENERATE, fixture: 'gemini/function-call.json' }),
      expect: { toolName: 'weather' },
    },
    toolCallStream: {
      routes: fixtureRoute({
        path: STREAM,
        fixture: 'gemini/stream-function-call-thought-signature.sse',
      }),
      expect: { toolName: 'now' },
    },
    // Vertex answers a bad token with 401 (UNAUTHENTICATED): the recorded body with that status.
    error401: {
      routes: onBoth('gemini/error-400-api-key-invalid.json', 401),
      expect: { status: 401 },
    },
    error429: {
      routes: onBoth('gemini/error-429-quota-retry-info.json', 429),
      expect: { retryAfterMs: 34_400 },
    },
  },
});
