// The README's examples, run as written there except for where they connect: the environment points
// `anthropic()` at a recorded server on 127.0.0.1 (ANTHROPIC_BASE_URL, ANTHROPIC_API_KEY), as it would
// point at a gateway.
import { userMessage } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { fixtureRoute } from '@aigo/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anthropic, anthropicTools } from '../src/index.js';
import { fixtureFile, route, startRig, TEST_API_KEY } from './support/harness.js';

beforeEach(() => vi.stubEnv('ANTHROPIC_API_KEY', TEST_API_KEY));
afterEach(() => vi.unstubAllEnvs());

describe('README examples', () => {
  it('the opening example: anthropic() from the environment', async () => {
    await using rig = await startRig([route('text.json')]);
    vi.stubEnv('ANTHROPIC_BASE_URL', rig.server.url);

    await using provider = anthropic(); // ANTHROPIC_API_KEY, and ANTHROPIC_BASE_URL when set
    const answer = await provider.sendMessage({
      model: 'claude-haiku-4-5',
      messages: [userMessage('Name three moons of Jupiter.')],
    });
    expect(answer.content).toBe('2');
    expect(answer.usage).toMatchObject({ promptTokens: 30, completionTokens: 3 });
    expect(rig.server.requests[0]?.headers['x-api-key']).toBe(TEST_API_KEY);
  });

  it('with @aigo/client: one line', async () => {
    await using rig = await startRig([route('text.json')]);
    vi.stubEnv('ANTHROPIC_BASE_URL', rig.server.url);
    const client = createClient(anthropic(), { defaultModel: 'claude-sonnet-4-5' });
    const reply = await client.sendMessage('What is 1 + 1?');
    expect(reply.content).toBe('2');
  });

  it('server tools: grounding and code executions', async () => {
    await using rig = await startRig([route('web-search.json')]);
    vi.stubEnv('ANTHROPIC_BASE_URL', rig.server.url);
    await using provider = anthropic();
    const messages = [userMessage('bitcoin on Jan 1 2026?')];
    const answer = await provider.sendMessage({
      model: 'claude-sonnet-4-5',
      messages,
      tools: [
        anthropicTools.webSearch({ maxUses: 3 }),
        anthropicTools.webFetch(),
        anthropicTools.codeExecution(),
      ],
    });
    expect(answer.grounding?.searchQueries.length).toBe(3);
    expect(answer.codeExecutions).toBeUndefined();
  });

  it('context windows and token counts: the counting endpoint', async () => {
    await using rig = await startRig([
      fixtureRoute({
        path: '/v1/messages/count_tokens',
        fixture: fixtureFile('count-tokens.built.json'),
      }),
    ]);
    vi.stubEnv('ANTHROPIC_BASE_URL', rig.server.url);
    // `prices: 'anthropic'`: the base URL is a local server standing in for Anthropic's.
    await using provider = anthropic({ countTokens: 'endpoint', prices: 'anthropic' });
    expect(provider.modelLimits('claude-sonnet-4-5')).toEqual({
      contextWindow: 200_000,
      maxOutputTokens: 64_000,
    });
    const { tokens, method } = await provider.countTokens({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('How long is this?')],
    });
    expect([tokens, method]).toEqual([2095, 'endpoint']);
  });
});
