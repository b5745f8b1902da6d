// The README's example, run as written there except for where it connects: the environment points
// `bedrock()` at a recorded server on 127.0.0.1 (AWS_ENDPOINT_URL_BEDROCK_RUNTIME) with credentials
// in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, as the AWS SDK's chain reads them.
import { userMessage } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { startRecordedServer } from '@aigo/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bedrock } from '../src/index.js';
import { route, TEST_ACCESS_KEY_ID, TEST_SECRET_ACCESS_KEY } from './support/harness.js';

beforeEach(() => {
  vi.stubEnv('AWS_ACCESS_KEY_ID', TEST_ACCESS_KEY_ID);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', TEST_SECRET_ACCESS_KEY);
  vi.stubEnv('AWS_SESSION_TOKEN', undefined);
  vi.stubEnv('AWS_BEARER_TOKEN_BEDROCK', undefined);
  vi.stubEnv('AWS_PROFILE', undefined);
});
afterEach(() => vi.unstubAllEnvs());

describe('README examples', () => {
  it('the opening example: bedrock() with the credential chain', async () => {
    await using server = await startRecordedServer([route('converse-text.json')]);
    vi.stubEnv('AWS_ENDPOINT_URL_BEDROCK_RUNTIME', server.url);

    await using provider = bedrock({ region: 'us-east-1' });
    const answer = await provider.sendMessage({
      model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', // a cross-region inference profile
      messages: [userMessage('How many r are in strawberry?')],
    });
    expect(answer.content).toMatch(/There are \*\*3\*\*/);
    expect(answer.usage).toMatchObject({ promptTokens: 22, completionTokens: 57 });
    expect(server.requests[0]?.headers.authorization).toContain(
      `Credential=${TEST_ACCESS_KEY_ID}/`,
    );
  });

  it('with @aigo/client', async () => {
    await using server = await startRecordedServer([route('converse-nova-micro-text.json')]);
    vi.stubEnv('AWS_ENDPOINT_URL_BEDROCK_RUNTIME', server.url);
    const client = createClient(bedrock({ region: 'us-east-1' }), {
      defaultModel: 'us.amazon.nova-lite-v1:0',
    });
    const reply = await client.sendMessage('Say ok');
    expect(reply.content).toBe('ok');
  });
});
