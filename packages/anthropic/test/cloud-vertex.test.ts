/**
 * Claude on Vertex AI: recorded Messages API answers and streams replayed on Vertex's rawPredict
 * and streamRawPredict paths (Vertex relays Anthropic's body and SSE stream as they are).
 */
import { startRecordedServer } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_VERTEX_BASE_URL, anthropicVertex } from '../src/vertex/index.js';
import { fixtureText } from './support/harness.js';

const MODEL = 'claude-sonnet-4-5@20250929';
const messages = [{ role: 'user' as const, content: 'Hi' }];
const tokens = { getAccessToken: async () => ({ token: 'ya29.vertex-test-token' }) };
const BASE = '/v1/projects/test-project/locations/us-east5/publishers/anthropic/models';

async function rig(routes: Parameters<typeof startRecordedServer>[0]) {
  const server = await startRecordedServer(routes);
  const provider = anthropicVertex({
    project: 'test-project',
    location: 'us-east5',
    baseURL: server.url,
    credentials: tokens,
  });
  return {
    server,
    provider,
    async [Symbol.asyncDispose]() {
      await provider.close();
      await server.close();
    },
  };
}

describe('anthropicVertex', () => {
  it('calls rawPredict with a Google token and the Vertex body', async () => {
    await using r = await rig([
      { path: `${BASE}/${MODEL}:rawPredict`, body: fixtureText('tool-use.json') },
    ]);
    const response = await r.provider.sendMessage({
      model: MODEL,
      messages,
      tools: [{ name: 'weather', description: 'Weather', parameters: { type: 'object' } }],
    });
    expect(response.toolCalls[0]?.function.name).toBe('weather');
    const sent = r.server.requests[0];
    expect(sent?.headers.authorization).toBe('Bearer ya29.vertex-test-token');
    expect(sent?.body).toMatchObject({
      anthropic_version: 'vertex-2023-10-16',
      messages: [{ role: 'user' }],
    });
    expect(sent?.body).not.toHaveProperty('model');
  });

  it('streams from streamRawPredict (server-sent events)', async () => {
    await using r = await rig([
      { path: `${BASE}/${MODEL}:streamRawPredict`, sse: fixtureText('stream-text.sse') },
    ]);
    const response = await (await r.provider.streamMessage({ model: MODEL, messages })).collect();
    expect(response.content).toBe('- Captain\n- Scoop');
    expect(r.server.requests[0]?.body).toMatchObject({
      stream: true,
      anthropic_version: 'vertex-2023-10-16',
    });
  });

  it('uses the global endpoint for the global location', () => {
    expect(ANTHROPIC_VERTEX_BASE_URL('global')).toBe('https://aiplatform.googleapis.com');
    expect(ANTHROPIC_VERTEX_BASE_URL('europe-west1')).toBe(
      'https://europe-west1-aiplatform.googleapis.com',
    );
  });

  it('requires a project and rejects bad credentials by name', () => {
    expect(() => anthropicVertex({ project: 'p', credentials: 42 as never })).toThrow(
      'options.credentials',
    );
    expect(() => anthropicVertex({ project: 'p', location: 'US EAST' })).toThrow(
      'options.location',
    );
  });
});
