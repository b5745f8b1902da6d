/**
 * The request side against the recorded server: thinking forms per model, input parts, tool
 * results with media, merged turns, provider and request options, and bad input refused before any
 * request.
 */
import {
  type AigoError,
  audioPart,
  type ChatRequest,
  documentPart,
  documentPartFromUri,
  imagePart,
  imagePartFromUri,
  type Message,
  textPart,
  toolMessage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { anthropic } from '../src/index.js';
import {
  fixtureJson,
  MESSAGES_PATH,
  messageToSse,
  rejection,
  route,
  sentBody,
  startRig,
} from './support/harness.js';

type Json = Record<string, unknown>;
const PNG = 'iVBORw0KGgo=';

async function bodyFor(request: Partial<ChatRequest>, fixture = 'text.json'): Promise<Json> {
  await using rig = await startRig([route(fixture)]);
  await rig.provider.sendMessage({
    model: 'claude-sonnet-4-5',
    messages: [userMessage('x')],
    ...request,
  });
  return sentBody(rig, 0) as Json;
}

describe('thinking per model', () => {
  it.each<[string, ChatRequest['reasoning'], number | undefined, Json]>([
    [
      'claude-sonnet-4-5',
      { budgetTokens: 2048 },
      undefined,
      { thinking: { type: 'enabled', budget_tokens: 2048 } },
    ],
    [
      'claude-sonnet-4-5',
      { effort: 'low' },
      undefined,
      { thinking: { type: 'enabled', budget_tokens: 4096 } },
    ],
    [
      'claude-3-7-sonnet-latest',
      { effort: 'high' },
      10000,
      { thinking: { type: 'enabled', budget_tokens: 5000 } },
    ],
    [
      'claude-sonnet-4-6',
      { effort: 'medium' },
      undefined,
      { thinking: { type: 'adaptive' }, output_config: { effort: 'medium' } },
    ],
    [
      'claude-sonnet-4-6',
      { budgetTokens: 3000 },
      undefined,
      { thinking: { type: 'enabled', budget_tokens: 3000 } },
    ],
    [
      'claude-opus-4-7',
      { budgetTokens: 3000, effort: 'minimal' },
      undefined,
      { thinking: { type: 'adaptive' }, output_config: { effort: 'low' } },
    ],
    ['claude-sonnet-5', {}, undefined, { thinking: { type: 'adaptive' } }],
    ['claude-sonnet-4-5', { budgetTokens: 0 }, undefined, { thinking: { type: 'disabled' } }],
  ])('%s with %j', async (model, reasoning, maxOutputTokens, expected) => {
    const body = await bodyFor({
      model,
      ...(reasoning === undefined ? {} : { reasoning }),
      ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
    });
    expect({
      thinking: body.thinking,
      ...(body.output_config === undefined ? {} : { output_config: body.output_config }),
    }).toStrictEqual(expected);
  });

  it('max_tokens defaults to the model’s output limit', async () => {
    expect((await bodyFor({ model: 'claude-opus-4-1' })).max_tokens).toBe(32000);
    expect((await bodyFor({ model: 'claude-3-5-haiku-latest' })).max_tokens).toBe(8192);
    expect((await bodyFor({ model: 'claude-opus-4-6' })).max_tokens).toBe(128000);
    expect((await bodyFor({ model: 'some-proxy-model' })).max_tokens).toBe(4096);
  });

  it('with thinking on, a JSON answer through a tool is offered, not forced (the API refuses a forced tool)', async () => {
    const body = await bodyFor({
      model: 'claude-3-7-sonnet-latest',
      reasoning: { budgetTokens: 2048 },
      responseFormat: { type: 'json', schema: { type: 'object' } },
    });
    expect(body.tool_choice).toStrictEqual({ type: 'auto' });
  });
});

describe('input parts and turns', () => {
  it('images (base64, URL, data: URL), PDFs (base64, URL) and a titled text document', async () => {
    const body = await bodyFor({
      messages: [
        userMessage([
          textPart('look'),
          imagePart(PNG, 'image/png'),
          imagePartFromUri('https://example.com/cat.jpg'),
          imagePartFromUri(`data:image/png;base64,${PNG}`),
          documentPart('JVBERi0=', 'application/pdf', { filename: 'spec.pdf' }),
          documentPartFromUri('https://example.com/paper.pdf', 'application/pdf'),
          documentPart(Buffer.from('plain words'), 'text/plain', {
            providerMetadata: { anthropic: { title: 'notes', context: 'from the wiki' } },
          }),
        ]),
      ],
      providerOptions: { anthropic: { cache: false } },
    });
    expect((body.messages as Json[])[0]).toStrictEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'look' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
        { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
        {
          type: 'document',
          source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
          title: 'spec.pdf',
        },
        { type: 'document', source: { type: 'url', url: 'https://example.com/paper.pdf' } },
        {
          type: 'document',
          source: { type: 'text', media_type: 'text/plain', data: 'plain words' },
          title: 'notes',
          context: 'from the wiki',
        },
      ],
    });
  });

  it('tool results: text, image and document parts go in the tool_result; errors flagged; turns merged', async () => {
    const messages: Message[] = [
      { role: 'system', content: 'extra system' },
      userMessage('chart and report please'),
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'toolu_1', type: 'function', function: { name: 'chart', arguments: '{"q":1}' } },
          { id: 'toolu_2', type: 'function', function: { name: 'report', arguments: '' } },
        ],
      },
      toolMessage('toolu_1', [
        textPart('{"ok":true}'),
        imagePart(PNG, 'image/png'),
        documentPart('JVBERi0=', 'application/pdf'),
      ]),
      toolMessage(
        'toolu_2',
        '{"ok":false,"error":{"code":"tool_execution_failed","message":"boom"}}',
      ),
      userMessage('and then?'),
    ];
    const body = await bodyFor({
      systemPrompt: 'be brief',
      messages,
      providerOptions: { anthropic: { cache: false } },
    });
    expect(body.system).toStrictEqual([
      { type: 'text', text: 'be brief' },
      { type: 'text', text: 'extra system' },
    ]);
    expect(body.messages).toStrictEqual([
      { role: 'user', content: [{ type: 'text', text: 'chart and report please' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_1', name: 'chart', input: { q: 1 } },
          { type: 'tool_use', id: 'toolu_2', name: 'report', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 'toolu_1',
            content: [
              { type: 'text', text: '{"ok":true}' },
              { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
              {
                type: 'document',
                source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' },
              },
            ],
          },
          {
            type: 'tool_result',
            tool_use_id: 'toolu_2',
            content: '{"ok":false,"error":{"code":"tool_execution_failed","message":"boom"}}',
            is_error: true,
          },
          { type: 'text', text: 'and then?' },
        ],
      },
    ]);
  });

  it('an assistant turn whose text was edited after the answer goes back from its fields', async () => {
    const turn = fixtureJson('thinking.json');
    await using rig = await startRig([
      route('thinking.json', { times: 1 }),
      route('text.json', { times: 1 }),
    ]);
    const first = await rig.provider.sendMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('q')],
    });
    const edited: Message = {
      role: 'assistant',
      content: 'edited',
      reasoning: first.reasoning ?? '',
      ...(first.providerMetadata === undefined ? {} : { providerMetadata: first.providerMetadata }),
    };
    await rig.provider.sendMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('q'), edited, userMessage('more')],
    });
    const sent = (sentBody(rig, 1) as { messages: Json[] }).messages[1] as Json;
    expect(sent.content).toStrictEqual([
      { type: 'text', text: 'edited', cache_control: { type: 'ephemeral' } },
    ]);
    expect(turn.id).toBeDefined();
  });
});

describe('pause_turn', () => {
  it('sendMessage continues a paused turn and returns one answer (built fixtures)', async () => {
    await using rig = await startRig([
      route('pause-turn.built.json', { times: 1 }),
      route('pause-turn-continued.built.json', { times: 1 }),
    ]);
    const { anthropicTools } = await import('../src/index.js');
    const response = await rig.provider.sendMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('What is aigo?')],
      tools: [anthropicTools.webSearch()],
      providerOptions: { anthropic: { cache: false } },
    });
    expect(rig.server.requests).toHaveLength(2);
    const paused = fixtureJson('pause-turn.built.json');
    expect((sentBody(rig, 1) as Json).messages).toStrictEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is aigo?' }] },
      { role: 'assistant', content: paused.content },
    ]);
    expect(response.content).toBe('aigo is a TypeScript library.');
    expect([response.finishReason, response.rawFinishReason]).toEqual(['stop', 'end_turn']);
    expect(response.usage).toMatchObject({ promptTokens: 400, completionTokens: 60 });
    expect(response.grounding?.searchQueries).toEqual(['aigo typescript']);
    expect(response.grounding?.sources).toEqual([
      { index: 0, uri: 'https://example.com/aigo', title: 'aigo' },
    ]);
  });

  it('maxPauseContinuations: 0 returns the paused answer as it is', async () => {
    await using rig = await startRig([route('pause-turn.built.json')], {
      maxPauseContinuations: 0,
    });
    const response = await rig.provider.sendMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('q')],
    });
    expect([response.finishReason, response.rawFinishReason]).toEqual(['other', 'pause_turn']);
  });
});

describe('provider options, headers and the environment', () => {
  it('betas: the provider’s on every request, a request’s added to them', async () => {
    await using rig = await startRig([route('text.json')], { betas: ['context-1m-2025-08-07'] });
    await rig.provider.sendMessage({ model: 'claude-sonnet-4-5', messages: [userMessage('a')] });
    await rig.provider.sendMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('b')],
      providerOptions: { anthropic: { betas: ['files-api-2025-04-14'] } },
    });
    expect(rig.server.requests.map((r) => r.headers['anthropic-beta'])).toEqual([
      'context-1m-2025-08-07',
      'context-1m-2025-08-07,files-api-2025-04-14',
    ]);
  });

  it('reads ANTHROPIC_API_KEY and ANTHROPIC_BASE_URL; explicit options win; a missing key names the variable', async () => {
    await using rig = await startRig([route('text.json')]);
    const saved = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };
    try {
      process.env.ANTHROPIC_API_KEY = 'sk-ant-from-env';
      process.env.ANTHROPIC_BASE_URL = rig.server.url;
      const fromEnv = anthropic();
      expect(fromEnv.baseURL).toBe(rig.server.url);
      await fromEnv.sendMessage({ model: 'claude-sonnet-4-5', messages: [userMessage('a')] });
      expect(rig.server.requests[0]?.headers['x-api-key']).toBe('sk-ant-from-env');
      await fromEnv.close();
      expect(anthropic({ baseURL: 'https://gateway.example/anthropic' }).baseURL).toBe(
        'https://gateway.example/anthropic',
      );
      delete process.env.ANTHROPIC_API_KEY;
      const keyless = anthropic();
      const error = await rejection(
        keyless.sendMessage({ model: 'claude-sonnet-4-5', messages: [userMessage('a')] }),
      );
      expect((error as AigoError).code).toBe('missing_api_key');
      expect((error as Error).message).toContain('ANTHROPIC_API_KEY');
      expect(rig.server.requests).toHaveLength(1);
    } finally {
      if (saved.key === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = saved.key;
      if (saved.url === undefined) delete process.env.ANTHROPIC_BASE_URL;
      else process.env.ANTHROPIC_BASE_URL = saved.url;
    }
  });

  it('a request option of the wrong kind, a bad option or a bad part: ValidationError naming it, no request', async () => {
    await using rig = await startRig([{ path: MESSAGES_PATH, body: {} }]);
    const cases: [Partial<ChatRequest>, string][] = [
      [{ providerOptions: { anthropic: { topk: 3 } } }, 'request.providerOptions.anthropic.topk'],
      [
        { providerOptions: { anthropic: { cache: { ttl: '2h' } } } },
        'request.providerOptions.anthropic.cache.ttl',
      ],
      [
        { providerOptions: { anthropic: { parallelToolCalls: 'no' } } },
        'request.providerOptions.anthropic.parallelToolCalls',
      ],
      [{ reasoning: { budgetTokens: 500 } }, 'request.reasoning.budgetTokens'],
      [
        { reasoning: { budgetTokens: 9000 }, maxOutputTokens: 4000 },
        'request.reasoning.budgetTokens',
      ],
      [{ maxOutputTokens: 0 }, 'request.maxOutputTokens'],
      [
        { messages: [userMessage([audioPart('AAAA', 'audio/wav')])] },
        'request.messages[0].content[0]',
      ],
      [
        { messages: [userMessage([imagePart('AAAA', 'image/tiff')])] },
        'request.messages[0].content[0].mimeType',
      ],
      [
        { messages: [userMessage([imagePartFromUri('gs://bucket/cat.png')])] },
        'request.messages[0].content[0].uri',
      ],
      [
        { messages: [userMessage([documentPart('AAAA', 'application/msword')])] },
        'request.messages[0].content[0].mimeType',
      ],
      [{ tools: [{ type: 'provider', id: 'gemini.google_search' }] }, 'request.tools[0].id'],
      [{ toolChoice: { name: 'nope' } }, 'request.toolChoice.name'],
      [
        {
          messages: [
            {
              role: 'assistant',
              content: '',
              toolCalls: [{ id: 't', type: 'function', function: { name: 'f', arguments: '[1]' } }],
            },
          ],
        },
        'request.messages[0].toolCalls[0].function.arguments',
      ],
      [{ model: '' }, 'request.model'],
    ];
    for (const [request, argument] of cases) {
      const error = await rejection(
        rig.provider.sendMessage({
          model: 'claude-sonnet-4-5',
          messages: [userMessage('x')],
          ...request,
        }),
      );
      expect(error, argument).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).argument, argument).toBe(argument);
    }
    expect(rig.server.requests).toHaveLength(0);
  });

  it('anthropic() options of the wrong kind throw where the provider is made', () => {
    expect(() => anthropic({ betas: ['bad beta'] })).toThrow(/options\.betas/);
    expect(() => anthropic({ timeoutMs: -1 })).toThrow(/options\.timeoutMs/);
    expect(() => anthropic({ prices: 'openai' as never })).toThrow(/options\.prices/);
    expect(() => anthropic({ baseURL: 'ftp://x' })).toThrow(/options\.baseURL/);
    expect(() => anthropic({ headers: { 'x-a': 1 as never } })).toThrow(/options\.headers\.x-a/);
    expect(() => anthropic({ maxPauseContinuations: 1.5 })).toThrow(
      /options\.maxPauseContinuations/,
    );
    expect(() => anthropic({ betta: ['x'] } as never)).toThrow(
      /options\.betta: is not an option of anthropic\(\)/,
    );
  });
});

describe('pause_turn in a stream', () => {
  it('continues the paused turn in a second request and streams one answer, equal to sendMessage’s', async () => {
    const parts = ['pause-turn.built.json', 'pause-turn-continued.built.json'];
    await using rig = await startRig([
      ...parts.map((fixture) => ({
        path: MESSAGES_PATH,
        sse: messageToSse(fixtureJson(fixture)),
        times: 1,
      })),
      ...parts.map((fixture) => route(fixture, { times: 1 })),
    ]);
    const { anthropicTools } = await import('../src/index.js');
    const request: ChatRequest = {
      model: 'claude-sonnet-4-5',
      messages: [userMessage('What is aigo?')],
      tools: [anthropicTools.webSearch()],
      providerOptions: { anthropic: { cache: false } },
    };
    const stream = await rig.provider.streamMessage(request);
    const finishes: unknown[] = [];
    stream.addHooks({ onEvent: (event) => event.type === 'finish' && finishes.push(event) });
    const streamed = await stream.collect();
    expect(finishes).toEqual([
      { type: 'finish', finishReason: 'stop', rawFinishReason: 'end_turn' },
    ]);
    const paused = fixtureJson('pause-turn.built.json');
    expect((sentBody(rig, 1) as Json).messages).toStrictEqual([
      { role: 'user', content: [{ type: 'text', text: 'What is aigo?' }] },
      { role: 'assistant', content: paused.content },
    ]);
    const sent = await rig.provider.sendMessage(request);
    expect(streamed).toStrictEqual(sent);
    expect(streamed.usage).toMatchObject({ promptTokens: 400, completionTokens: 60 });
  });

  it('a consumer slower than the stream: the continuation waits for it and every event arrives', async () => {
    // A continuation of 150 thinking and 150 text blocks, alternating: events a slow reader's queue
    // cannot join, so it fills and the source must wait for the reader.
    const continued = fixtureJson('pause-turn-continued.built.json');
    const content = Array.from({ length: 300 }, (_, i) =>
      i % 2 === 0
        ? { type: 'thinking', thinking: `t${i} `, signature: `sig${i}` }
        : { type: 'text', text: `w${i} ` },
    );
    await using rig = await startRig([
      { path: MESSAGES_PATH, sse: messageToSse(fixtureJson('pause-turn.built.json')), times: 1 },
      { path: MESSAGES_PATH, sse: messageToSse({ ...continued, content }), times: 1 },
    ]);
    const { anthropicTools } = await import('../src/index.js');
    const stream = await rig.provider.streamMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('q')],
      tools: [anthropicTools.webSearch()],
    });
    let text = '';
    let reasoning = '';
    for await (const event of stream) {
      if (event.type === 'content') text += event.text;
      if (event.type === 'reasoning') reasoning += event.text;
      // A slow consumer: one turn of the event loop per event.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(text).toBe(content.map((block) => block.text ?? '').join(''));
    expect(reasoning).toBe(content.map((block) => block.thinking ?? '').join(''));
  });

  it('maxPauseContinuations: 0 streams the paused answer as it is', async () => {
    await using rig = await startRig(
      [{ path: MESSAGES_PATH, sse: messageToSse(fixtureJson('pause-turn.built.json')) }],
      { maxPauseContinuations: 0 },
    );
    const { anthropicTools } = await import('../src/index.js');
    const response = await (
      await rig.provider.streamMessage({
        model: 'claude-sonnet-4-5',
        messages: [userMessage('q')],
        tools: [anthropicTools.webSearch()],
      })
    ).collect();
    expect([response.finishReason, response.rawFinishReason]).toEqual(['other', 'pause_turn']);
    expect(response.grounding?.searchQueries).toEqual(['aigo typescript']);
  });

  it('an error in the continuation rejects the stream with what the first part gave', async () => {
    await using rig = await startRig([
      { path: MESSAGES_PATH, sse: messageToSse(fixtureJson('pause-turn.built.json')), times: 1 },
      route('error-529-overloaded.json', { status: 529 }),
    ]);
    const { anthropicTools } = await import('../src/index.js');
    const stream = await rig.provider.streamMessage({
      model: 'claude-sonnet-4-5',
      messages: [userMessage('q')],
      tools: [anthropicTools.webSearch()],
    });
    const error = await rejection(stream.collect());
    expect((error as AigoError).code).toBe('overloaded');
    expect((error as { usage?: { promptTokens: number } }).usage?.promptTokens).toBe(100);
  });
});
