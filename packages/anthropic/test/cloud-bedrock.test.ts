/**
 * Claude on Bedrock: recorded Messages API answers replayed on InvokeModel's paths (Bedrock relays
 * Anthropic's body as it is), streams framed as Bedrock frames them (built, see cloud-harness).
 */
import { ProviderError } from '@aigo/ai';
import { startRecordedServer } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { anthropicBedrock } from '../src/bedrock/index.js';
import { awsMessage, bedrockChunks } from './support/cloud-harness.js';
import { fixtureText, rejection } from './support/harness.js';

const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const CREDENTIALS = {
  accessKeyId: 'AKIAIOSFODNN7CLAUDE1',
  secretAccessKey: 'claude-on-bedrock-test-secret',
};
const messages = [{ role: 'user' as const, content: 'Hi' }];

async function rig(routes: Parameters<typeof startRecordedServer>[0]) {
  const server = await startRecordedServer(routes);
  const provider = anthropicBedrock({
    region: 'us-east-1',
    baseURL: server.url,
    credentials: CREDENTIALS,
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

describe('anthropicBedrock', () => {
  it('invokes the model with the Messages body, signed, and maps the answer', async () => {
    await using r = await rig([{ path: /\/invoke$/, body: fixtureText('text.json') }]);
    const response = await r.provider.sendMessage({
      model: MODEL,
      messages,
      maxOutputTokens: 64,
      providerOptions: { anthropic: { betas: ['context-1m-2025-08-07'] } },
    });
    expect(response.content).toBe('2');
    expect(response.finishReason).toBe('stop');
    const sent = r.server.requests[0];
    expect(sent?.path).toBe(`/model/${encodeURIComponent(MODEL)}/invoke`);
    expect(sent?.body).toMatchObject({
      anthropic_version: 'bedrock-2023-05-31',
      anthropic_beta: ['context-1m-2025-08-07'],
      max_tokens: 64,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    });
    expect(sent?.body).not.toHaveProperty('model');
    expect(sent?.body).not.toHaveProperty('stream');
    expect(sent?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7CLAUDE1\/\d{8}\/us-east-1\/bedrock\/aws4_request, /,
    );
  });

  it('streams a recorded Messages stream relayed as chunk events', async () => {
    await using r = await rig([
      {
        path: /\/invoke-with-response-stream$/,
        headers: { 'content-type': 'application/vnd.amazon.eventstream' },
        body: bedrockChunks('stream-text.sse'),
      },
    ]);
    const response = await (await r.provider.streamMessage({ model: MODEL, messages })).collect();
    expect(response.content).toBe('- Captain\n- Scoop');
    expect(response.finishReason).toBe('stop');
    expect(r.server.requests[0]?.headers.accept).toBe('application/vnd.amazon.eventstream');
    expect(r.server.requests[0]?.body).not.toHaveProperty('stream');
  });

  it('fails a stream on a throttlingException frame, retryable', async () => {
    await using r = await rig([
      {
        path: /\/invoke-with-response-stream$/,
        headers: { 'content-type': 'application/vnd.amazon.eventstream' },
        body: Buffer.concat([
          awsMessage('exception', 'throttlingException', {
            message: 'Too many tokens, please wait.',
          }),
        ]),
      },
    ]);
    const error = await rejection(
      (await r.provider.streamMessage({ model: MODEL, messages })).collect(),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: 'anthropic-bedrock', status: 429, retryable: true });
  });

  it('rejects an option it does not take, by name', () => {
    expect(() => anthropicBedrock({ region: 'us-east-1', project: 'x' } as never)).toThrow(
      'options.project',
    );
  });
});
