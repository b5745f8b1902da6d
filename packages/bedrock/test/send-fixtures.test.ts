/**
 * Converse (`sendMessage`) against recorded answers and built errors: both directions of the wire —
 * the signed request Bedrock receives and the answer aigo makes of its reply.
 */
import { ProviderError, toAssistantMessage } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import {
  rejection,
  route,
  startRig,
  TEST_ACCESS_KEY_ID,
  TEST_SECRET_ACCESS_KEY,
} from './support/harness.js';

const CLAUDE = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const user = (text: string) => ({ role: 'user' as const, content: text });

describe('sendMessage', () => {
  it('signs the request with SigV4 and maps a recorded text answer', async () => {
    await using rig = await startRig([route('converse-text.json')]);
    const response = await rig.provider.sendMessage({
      model: CLAUDE,
      systemPrompt: 'Be brief.',
      messages: [user('How many r in strawberry?')],
      maxOutputTokens: 200,
      temperature: 0.2,
      stop: ['END'],
    });
    expect(response.content).toMatch(/^Let me count/);
    expect(response.id).toBe('f3b3c1d2-0000-4000-8000-00000000000a');
    expect(response.model).toBe(CLAUDE);
    expect(response.finishReason).toBe('stop');
    expect(response.rawFinishReason).toBe('end_turn');
    expect(response.usage).toEqual({
      promptTokens: 22,
      completionTokens: 57,
      totalTokens: 79,
      cachedTokens: 0,
      cacheWrite5mTokens: 0,
    });
    expect(response.providerMetadata).toEqual({ bedrock: { latencyMs: 1864 } });
    const [sent] = rig.server.requests;
    expect(sent?.path).toBe('/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse');
    expect(sent?.body).toEqual({
      messages: [{ role: 'user', content: [{ text: 'How many r in strawberry?' }] }],
      system: [{ text: 'Be brief.' }],
      inferenceConfig: { maxTokens: 200, temperature: 0.2, stopSequences: ['END'] },
    });
    const authorization = sent?.headers.authorization ?? '';
    expect(authorization).toMatch(
      new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${TEST_ACCESS_KEY_ID}/\\d{8}/us-east-1/bedrock/aws4_request, SignedHeaders=[a-z0-9;-]*host[a-z0-9;-]*x-amz-date, Signature=[0-9a-f]{64}$`,
      ),
    );
    expect(sent?.headers['x-amz-date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(JSON.stringify(sent?.headers)).not.toContain(TEST_SECRET_ACCESS_KEY);
  });

  it('maps a recorded tool call and sends tools and the tool choice', async () => {
    await using rig = await startRig([route('converse-tool-call.json')]);
    const response = await rig.provider.sendMessage({
      model: CLAUDE,
      messages: [user('List the files')],
      tools: [{ name: 'bash', description: 'Runs a command', parameters: { type: 'object' } }],
      toolChoice: 'required',
    });
    expect(response.finishReason).toBe('tool_calls');
    expect(response.toolCalls).toEqual([
      {
        id: 'tool-use-id',
        type: 'function',
        function: { name: 'bash', arguments: '{"command":"ls -l"}' },
      },
    ]);
    expect(rig.server.requests[0]?.body).toMatchObject({
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: 'bash',
              description: 'Runs a command',
              inputSchema: { json: { type: 'object' } },
            },
          },
        ],
        toolChoice: { any: {} },
      },
    });
  });

  it('keeps reasoning with its signature and sends it back with the turn', async () => {
    await using rig = await startRig([
      route('converse-reasoning.json'),
      route('converse-text.json'),
    ]);
    const first = await rig.provider.sendMessage({
      model: CLAUDE,
      messages: [user('How many r in strawberry?')],
      reasoning: { budgetTokens: 1024 },
    });
    expect(first.reasoning).toMatch(/^Let me count/);
    expect(first.content).toMatch(/^There are \*\*3\*\*/);
    expect(rig.server.requests[0]?.body).toMatchObject({
      additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 1024 } },
    });
    const reasoning =
      (first.providerMetadata?.bedrock as { reasoning?: unknown[] } | undefined)?.reasoning ?? [];
    expect(reasoning).toHaveLength(1);
    await rig.provider.sendMessage({
      model: CLAUDE,
      messages: [
        user('How many r in strawberry?'),
        toAssistantMessage(first),
        user('And in raspberry?'),
      ],
    });
    const assistant = (
      rig.server.requests[1]?.body as { messages?: { content: unknown[] }[] } | undefined
    )?.messages?.[1];
    expect(assistant?.content[0]).toEqual({ reasoningContent: reasoning[0] });
    expect(assistant?.content[1]).toEqual({ text: first.content });
  });

  it('reports a guardrail intervention as content_filter with the trace', async () => {
    await using rig = await startRig([route('converse-guardrail-intervened.json')]);
    const response = await rig.provider.sendMessage({
      model: CLAUDE,
      messages: [user('Tell me about the restricted topic')],
      providerOptions: {
        bedrock: {
          guardrailConfig: { guardrailIdentifier: 'gr-1', guardrailVersion: '1', trace: 'enabled' },
        },
      },
    });
    expect(response.finishReason).toBe('content_filter');
    expect(response.rawFinishReason).toBe('guardrail_intervened');
    expect(response.providerMetadata?.bedrock).toMatchObject({
      guardrailTrace: {
        inputAssessment: { '1abcd2ef34gh': { topicPolicy: { topics: [{ action: 'BLOCKED' }] } } },
      },
    });
    expect(rig.server.requests[0]?.body).toMatchObject({
      guardrailConfig: { guardrailIdentifier: 'gr-1', guardrailVersion: '1', trace: 'enabled' },
    });
  });

  it('places cache points after the system prompt, the tools and the conversation', async () => {
    await using rig = await startRig([route('converse-text.json')]);
    await rig.provider.sendMessage({
      model: CLAUDE,
      systemPrompt: 'A long system prompt.',
      messages: [user('Hi')],
      tools: [{ name: 'bash', description: 'Runs a command', parameters: { type: 'object' } }],
      providerOptions: { bedrock: { cache: true } },
    });
    const body = rig.server.requests[0]?.body as Record<string, { tools?: unknown[] } | unknown[]>;
    const point = { cachePoint: { type: 'default' } };
    expect((body.system as unknown[]).at(-1)).toEqual(point);
    expect((body.toolConfig as { tools: unknown[] }).tools.at(-1)).toEqual(point);
    expect((body.messages as { content: unknown[] }[])[0]?.content.at(-1)).toEqual(point);
  });

  it.each([
    ['us.anthropic.claude-3-5-haiku-20241022-v1:0', 'Claude (a cross-region inference profile)'],
    ['meta.llama3-3-70b-instruct-v1:0', 'Llama'],
    ['mistral.mistral-large-2407-v1:0', 'Mistral'],
    ['us.amazon.nova-micro-v1:0', 'Nova'],
    ['cohere.command-r-plus-v1:0', 'Cohere Command'],
  ])('calls %s (%s) on the same Converse wire', async (model) => {
    await using rig = await startRig([route('converse-nova-micro-text.json')]);
    const response = await rig.provider.sendMessage({ model, messages: [user('Say ok')] });
    expect(response.content).toBe('ok');
    expect(response.usage?.totalTokens).toBe(9);
    expect(rig.server.requests[0]?.path).toBe(`/model/${encodeURIComponent(model)}/converse`);
  });
});

describe('errors', () => {
  it.each([
    ['error-429-throttling.built.json', 429, 'rate_limited', true, 'ThrottlingException'],
    ['error-429-model-not-ready.built.json', 429, 'rate_limited', true, 'ModelNotReadyException'],
    [
      'error-503-service-unavailable.built.json',
      503,
      'overloaded',
      true,
      'ServiceUnavailableException',
    ],
    ['error-400-validation.built.json', 400, 'bad_request', false, 'ValidationException'],
    [
      'error-403-access-denied.built.json',
      403,
      'permission_denied',
      false,
      'UnrecognizedClientException',
    ],
  ])('%s → %i %s (retryable: %s)', async (fixture, status, code, retryable, providerCode) => {
    await using rig = await startRig([route(fixture)]);
    const error = await rejection(
      rig.provider.sendMessage({ model: CLAUDE, messages: [user('Hi')] }),
    );
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ status, code, retryable, providerCode, provider: 'bedrock' });
    expect(String((error as Error).message)).not.toContain(TEST_ACCESS_KEY_ID);
  });

  it('reads Retry-After on a throttled call', async () => {
    await using rig = await startRig([route('error-429-throttling.built.json')]);
    const error = await rejection(
      rig.provider.sendMessage({ model: CLAUDE, messages: [user('Hi')] }),
    );
    expect((error as ProviderError).retryAfterMs).toBe(3000);
  });

  it('rejects an unknown provider option by name', async () => {
    await using rig = await startRig([route('converse-text.json')]);
    await expect(
      rig.provider.sendMessage({
        model: CLAUDE,
        messages: [user('Hi')],
        providerOptions: { bedrock: { guardrail: {} } },
      }),
    ).rejects.toThrow(/request\.providerOptions\.bedrock\.guardrail/);
    expect(rig.server.requests).toHaveLength(0);
  });
});
