/**
 * Recorded Messages API answers replayed to `sendMessage`: what the adapter sent, and what it made
 * of the answer.
 */
import { documentPart, ProviderError, textPart, userMessage } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { fixtureJson, route, sentBody, startRig, TEST_API_KEY } from './support/harness.js';

type Json = Record<string, unknown>;

describe('sendMessage against recorded answers', () => {
  it('text.json: sends system, the message, max_tokens and headers; reads text, usage and finish', async () => {
    await using rig = await startRig([route('text.json')]);
    const response = await rig.provider.sendMessage({
      model: 'claude-sonnet-5',
      systemPrompt: 'Be as terse as possible; no punctuation',
      messages: [userMessage('What is 1 + 1?')],
      maxOutputTokens: 4096,
    });
    const sent = rig.server.requests[0];
    expect(sent?.headers['x-api-key']).toBe(TEST_API_KEY);
    expect(sent?.headers['anthropic-version']).toBe('2023-06-01');
    expect(sent?.headers.authorization).toBeUndefined();
    // The recorded request, less its `stream: false`: the same breakpoints (system, last message).
    const { stream: _, ...recorded } = fixtureJson('text.request.json');
    const ttl = (body: unknown) => JSON.parse(JSON.stringify(body).replaceAll(',"ttl":"5m"', ''));
    expect(sent?.body).toStrictEqual(ttl(recorded));
    expect(response).toStrictEqual({
      id: 'msg_011CdeLUqPNHAAuSPYFJEED2',
      model: 'claude-sonnet-5',
      content: '2',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'end_turn',
      usage: {
        promptTokens: 30,
        completionTokens: 3,
        totalTokens: 33,
        reasoningTokens: 0,
        cachedTokens: 0,
        cacheWrite5mTokens: 0,
        cacheWrite1hTokens: 0,
      },
    });
  });

  it('thinking.json: reasoning maps to a budget; the thinking text and its signature are kept', async () => {
    await using rig = await startRig([route('thinking.json')]);
    const response = await rig.provider.sendMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('What is the weather in Tokyo?')],
      maxOutputTokens: 10000,
      reasoning: { budgetTokens: 5000 },
      providerOptions: { anthropic: { cache: false } },
    });
    const { stream: _, ...recorded } = fixtureJson('thinking.request.json');
    const body = sentBody(rig, 0) as Json;
    expect(body).toStrictEqual({
      ...recorded,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'What is the weather in Tokyo?' }] },
      ],
    });
    const message = fixtureJson('thinking.json');
    const [thinking, text] = message.content as Json[];
    expect(response.reasoning).toBe(thinking?.thinking);
    expect(response.content).toBe(text?.text);
    expect(response.providerMetadata).toStrictEqual({
      anthropic: {
        blocks: [
          {
            kind: 'thinking',
            length: String(thinking?.thinking).length,
            signature: thinking?.signature,
          },
          { kind: 'text', length: String(text?.text).length },
        ],
      },
    });
  });

  it('redacted-thinking.json: the redacted block’s data is kept in place', async () => {
    await using rig = await startRig([route('redacted-thinking.json')]);
    const response = await rig.provider.sendMessage({
      model: 'claude-sonnet-4-5-20250929',
      messages: [userMessage('x')],
      reasoning: { budgetTokens: 1024 },
    });
    const [redacted, text] = fixtureJson('redacted-thinking.json').content as Json[];
    expect(response.reasoning).toBeUndefined();
    expect(response.providerMetadata?.anthropic?.blocks).toStrictEqual([
      { kind: 'redacted_thinking', data: redacted?.data },
      { kind: 'text', length: String(text?.text).length },
    ]);
  });

  it('tool-use.json: function tools go out with input_schema; the call comes back with its id and JSON arguments', async () => {
    await using rig = await startRig([route('tool-use.json')]);
    const recorded = fixtureJson('tool-use.request.json');
    const [tool] = recorded.tools as Json[];
    const response = await rig.provider.sendMessage({
      model: 'claude-haiku-4-5-20251001',
      messages: [userMessage("What's the weather in Berlin? (52.5200, 13.4050)")],
      tools: [
        {
          name: 'weather',
          description: 'Gets current weather for a location',
          parameters: tool?.input_schema as Json,
          ...(tool?.strict === true ? { strict: true } : {}),
        },
      ],
      toolChoice: 'auto',
      providerOptions: { anthropic: { cache: false } },
    });
    const body = sentBody(rig, 0) as Json;
    expect(body.tools).toStrictEqual(recorded.tools);
    expect(body.tool_choice).toStrictEqual({ type: 'auto' });
    expect(body.max_tokens).toBe(64000);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.rawFinishReason).toBe('tool_use');
    expect(response.toolCalls).toStrictEqual([
      {
        id: 'toolu_01Ay5KzhmQYMK53svGLaAxfc',
        type: 'function',
        function: { name: 'weather', arguments: '{"latitude":"52.5200","longitude":"13.4050"}' },
      },
    ]);
    expect(response.providerMetadata).toBeUndefined();
  });

  it('tool-use-no-args.json: an empty input is {}', async () => {
    await using rig = await startRig([route('tool-use-no-args.json')]);
    const response = await rig.provider.sendMessage({
      model: 'claude-haiku-4-5',
      messages: [userMessage('x')],
    });
    expect(response.toolCalls[0]?.function).toStrictEqual({
      name: 'best_language_to_learn',
      arguments: '{}',
    });
  });

  it('tool-calls-parallel.json: text and three calls in order; toolChoice and disabled parallel use', async () => {
    await using rig = await startRig([route('tool-calls-parallel.json')]);
    const tools = ['one', 'two', 'three'].map((n) => ({
      name: `parallel_local_search_${n}`,
      description: 'search',
      parameters: { type: 'object', properties: { query: { type: 'string' } } },
    }));
    const response = await rig.provider.sendMessage({
      model: 'claude-sonnet-4-6',
      messages: [userMessage('go')],
      tools,
      toolChoice: 'required',
      providerOptions: { anthropic: { parallelToolCalls: false } },
    });
    const body = sentBody(rig, 0) as Json;
    expect(body.tool_choice).toStrictEqual({ type: 'any', disable_parallel_tool_use: true });
    expect(response.content).toBe("I'll execute all 3 parallel searches simultaneously right now!");
    expect(response.toolCalls.map((call) => [call.function.name, call.function.arguments])).toEqual(
      [
        ['parallel_local_search_one', '{"query":"latest OpenAI model release notes"}'],
        ['parallel_local_search_two', '{"query":"latest Anthropic model release notes"}'],
        ['parallel_local_search_three', '{"query":"latest Gemini model release notes"}'],
      ],
    );
  });

  it('structured-output-json-schema.json: a schema goes out as output_config.format on Claude 4.5', async () => {
    await using rig = await startRig([route('structured-output-json-schema.json')]);
    const recorded = fixtureJson('structured-output-json-schema.request.json');
    const schema = (recorded.output_format as Json).schema as Json;
    const response = await rig.provider.sendMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('Please recommend the most popular book by Patrick Rothfuss')],
      responseFormat: { type: 'json', schema },
    });
    const body = sentBody(rig, 0) as Json;
    expect(body.output_config).toStrictEqual({ format: { type: 'json_schema', schema } });
    expect(body.tools).toBeUndefined();
    expect(JSON.parse(response.content)).toStrictEqual({
      title: 'THE NAME OF THE WIND',
      author: { first_name: 'Patrick', last_name: 'Rothfuss' },
      rating: 7,
    });
  });

  it('structured-output-tool.json: on an older model the schema is a forced tool whose input is the answer text', async () => {
    const message = fixtureJson('structured-output-tool.json');
    (message.content as Json[])[0] = { ...(message.content as Json[])[0], name: 'json_response' };
    await using rig = await startRig([{ path: '/v1/messages', body: message }]);
    const schema = { type: 'object', properties: { data: { type: 'object' } } };
    const response = await rig.provider.sendMessage({
      model: 'claude-3-5-haiku-latest',
      messages: [userMessage('extract')],
      responseFormat: { type: 'json', schema },
    });
    const body = sentBody(rig, 0) as Json;
    expect(body.tool_choice).toStrictEqual({ type: 'tool', name: 'json_response' });
    expect((body.tools as Json[])[0]).toMatchObject({
      name: 'json_response',
      input_schema: schema,
    });
    expect(response.toolCalls).toEqual([]);
    expect(response.finishReason).toBe('stop');
    expect(JSON.parse(response.content)).toStrictEqual({
      data: { title: 'Apples are tasty', author: 'Hadley Wickham' },
    });
  });

  it('stop-sequence.json and max-tokens.json: finish reasons, the stop sequence kept', async () => {
    await using rig = await startRig([
      route('stop-sequence.json', { times: 1 }),
      route('max-tokens.json', { times: 1 }),
    ]);
    const stopped = await rig.provider.sendMessage({
      model: 'claude-sonnet-5',
      messages: [userMessage('Repeat the following phrase: Dogs are cool')],
      stop: ['cool'],
    });
    expect((sentBody(rig, 0) as Json).stop_sequences).toEqual(['cool']);
    expect(stopped.finishReason).toBe('stop');
    expect(stopped.rawFinishReason).toBe('stop_sequence');
    expect(stopped.providerMetadata).toStrictEqual({ anthropic: { stopSequence: 'cool' } });
    const cut = await rig.provider.sendMessage({
      model: 'claude-sonnet-4-0',
      messages: [userMessage('x')],
      maxOutputTokens: 10,
    });
    expect((sentBody(rig, 1) as Json).max_tokens).toBe(10);
    expect(cut.finishReason).toBe('length');
  });

  it('usage-cache-creation.json then usage-cache-read.json: prompt = input + reads + writes', async () => {
    await using rig = await startRig([
      route('usage-cache-creation.json', { times: 1 }),
      route('usage-cache-read.json', { times: 1 }),
    ]);
    const request = {
      model: 'claude-haiku-4-5-20251001',
      messages: [userMessage('Reply with exactly: OK')],
    };
    const written = await rig.provider.sendMessage(request);
    expect(written.usage).toStrictEqual({
      promptTokens: 7361,
      completionTokens: 4,
      totalTokens: 7365,
      cachedTokens: 0,
      cacheWrite5mTokens: 7351,
      cacheWrite1hTokens: 0,
    });
    const read = await rig.provider.sendMessage(request);
    expect(read.usage).toStrictEqual({
      promptTokens: 7361,
      completionTokens: 4,
      totalTokens: 7365,
      cachedTokens: 7351,
      cacheWrite5mTokens: 0,
      cacheWrite1hTokens: 0,
    });
  });

  it('web-search.json: server tool blocks kept whole; queries, sources and cited spans as grounding', async () => {
    await using rig = await startRig([route('web-search.json')]);
    const { anthropicTools } = await import('../src/index.js');
    const response = await rig.provider.sendMessage({
      model: 'claude-sonnet-4-0',
      messages: [userMessage('bitcoin price on Jan 1 2026')],
      tools: [anthropicTools.webSearch({ maxUses: 3 })],
    });
    const body = sentBody(rig, 0) as Json;
    expect(body.tools).toStrictEqual([
      {
        type: 'web_search_20250305',
        max_uses: 3,
        name: 'web_search',
        cache_control: { type: 'ephemeral' },
      },
    ]);
    const message = fixtureJson('web-search.json');
    const blocks = message.content as Json[];
    const grounding = response.grounding;
    expect(grounding?.searchQueries).toEqual(
      blocks.filter((b) => b.type === 'server_tool_use').map((b) => (b.input as Json).query),
    );
    expect(grounding?.sources.length).toBeGreaterThan(0);
    expect(grounding?.sources[0]).toMatchObject({
      index: 0,
      uri: 'https://finance.yahoo.com/quote/BTC-USD/history/',
    });
    for (const support of grounding?.supports ?? []) {
      expect(response.content.slice(support.startIndex, support.endIndex)).toBe(support.text);
      expect(support.sourceIndices.length).toBeGreaterThan(0);
    }
    expect(grounding?.supports.length).toBe(
      blocks.filter((b) => Array.isArray(b.citations)).length,
    );
    const kept = ((response.providerMetadata?.anthropic?.blocks ?? []) as Json[]).filter(
      (r) => r.kind === 'block',
    );
    expect(kept.map((r) => r.block)).toStrictEqual(
      blocks.filter((b) => b.type === 'server_tool_use' || b.type === 'web_search_tool_result'),
    );
    // 2081 input + 28289 read + 8239 written (the breakdown says 0 and 0: the default 5 minutes).
    expect(response.usage).toMatchObject({
      promptTokens: 38609,
      cachedTokens: 28289,
      cacheWrite5mTokens: 8239,
      cacheWrite1hTokens: 0,
    });
  });

  it('web-fetch.json: the fetched URL is a URL-context source', async () => {
    await using rig = await startRig([route('web-fetch.json')]);
    const { anthropicTools } = await import('../src/index.js');
    const response = await rig.provider.sendMessage({
      model: 'claude-sonnet-5',
      messages: [
        userMessage(
          "What's the first movie listed on https://rvest.tidyverse.org/articles/starwars.html?",
        ),
      ],
      tools: [anthropicTools.webFetch({ citations: false })],
      providerOptions: { anthropic: { cache: false } },
    });
    const recorded = fixtureJson('web-fetch.request.json');
    expect((sentBody(rig, 0) as Json).tools).toStrictEqual([{ ...(recorded.tools as Json[])[0] }]);
    expect(response.grounding?.urlContextSources).toEqual([
      { url: 'https://rvest.tidyverse.org/articles/starwars.html', status: 'ok' },
    ]);
    expect(response.content).toMatch(/The Phantom Menace/);
  });

  it('code-execution.json: the bash command and its output as a code execution; the container kept', async () => {
    await using rig = await startRig([route('code-execution.json')]);
    const { anthropicTools } = await import('../src/index.js');
    const response = await rig.provider.sendMessage({
      model: 'claude-haiku-4-5',
      messages: [userMessage('multiply')],
      tools: [anthropicTools.codeExecution()],
    });
    expect((sentBody(rig, 0) as Json).tools).toStrictEqual([
      {
        type: 'code_execution_20250825',
        name: 'code_execution',
        cache_control: { type: 'ephemeral' },
      },
    ]);
    expect(response.codeExecutions).toStrictEqual([
      {
        language: 'bash',
        code: `python3 -c "result = 123456789 * 987654321; print(f'123456789 * 987654321 = {result}')"`,
        outcome: 'ok',
        output: '123456789 * 987654321 = 121932631112635269\n',
      },
    ]);
    expect(response.providerMetadata?.anthropic?.container).toStrictEqual({
      id: 'container_0119p7b1w1VDurTrwoo88EWZ',
      expiresAt: '2026-08-19T15:35:17.216984Z',
    });
  });

  it('citations-document-text.json: a plain-text document with citations; the cited span as grounding', async () => {
    await using rig = await startRig([route('citations-document-text.json')]);
    const text =
      'The Ruby programming language was created by Yukihiro Matsumoto in 1993. Ruby was designed to make programmers happy and productive. Ruby on Rails is a popular web framework built with Ruby. RubyLLM is a Ruby library for working with large language models.\n';
    const response = await rig.provider.sendMessage({
      model: 'claude-haiku-4-5-20251001',
      messages: [
        userMessage([
          textPart('Who created Ruby and when? Use the document.'),
          documentPart(Buffer.from(text), 'text/plain', { filename: 'facts.txt' }),
        ]),
      ],
      maxOutputTokens: 64000,
      providerOptions: { anthropic: { citations: true, cache: false } },
    });
    const { stream: _, ...recorded } = fixtureJson('citations-document-text.request.json');
    expect(sentBody(rig, 0)).toStrictEqual(recorded);
    expect(response.grounding).toStrictEqual({
      searchQueries: [],
      sources: [{ index: 0, uri: 'document:0', title: 'facts.txt' }],
      supports: [
        {
          text: response.content,
          startIndex: 0,
          endIndex: response.content.length,
          sourceIndices: [0],
        },
      ],
    });
  });

  it('errors: each recorded status is a typed ProviderError', async () => {
    const cases: [string, number, string, boolean][] = [
      ['error-400-invalid-request.json', 400, 'bad_request', false],
      ['error-401-authentication.json', 401, 'invalid_api_key', false],
      ['error-404-not-found-on-stream-request.json', 404, 'model_not_found', false],
      ['error-429-rate-limit.json', 429, 'rate_limited', true],
      ['error-529-overloaded.json', 529, 'overloaded', true],
      ['error-403-permission.built.json', 403, 'permission_denied', false],
      ['error-413-request-too-large.built.json', 413, 'bad_request', false],
      ['error-500-api-error.built.json', 500, 'server_error', true],
    ];
    for (const [fixture, status, code, retryable] of cases) {
      await using rig = await startRig([route(fixture, { status })]);
      const error = await rig.provider
        .sendMessage({ model: 'claude-sonnet-4-0', messages: [userMessage('x')] })
        .catch((e: unknown) => e);
      expect(error, fixture).toBeInstanceOf(ProviderError);
      const failure = error as ProviderError;
      expect([failure.status, failure.code, failure.retryable], fixture).toEqual([
        status,
        code,
        retryable,
      ]);
      expect(failure.provider).toBe('anthropic');
      expect(JSON.stringify(failure.body ?? '')).not.toContain(TEST_API_KEY);
      if (status === 429) expect(failure.retryAfterMs).toBe(7000);
    }
  });
});
