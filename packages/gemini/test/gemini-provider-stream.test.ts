import {
  type ChatRequest,
  type ChatResponse,
  ProviderError,
  type StreamEvent,
  userMessage,
} from '@aigo/ai';
import {
  cutAtRandom,
  fixtureRoute,
  loadFixture,
  loadFixtureBytes,
  loadFixtureJson,
  piecewiseRoute,
  seededRandom,
  sseFromChunksJsonl,
} from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { geminiTools } from '../src/gemini-tools.js';
import {
  adapterEvents,
  GENERATE_PATH,
  readEvents,
  rejection,
  STREAM_PATH,
  sseOfJsonFixture,
  startGeminiRig,
} from './support/test-gemini-server.js';

const request: ChatRequest = { model: 'gemini-2.5-flash', messages: [userMessage('hi')] };

/** Replaces generated ids (`gemini-<uuid>`) so two runs of an exchange without responseId compare equal. */
function normaliseIds(response: ChatResponse): ChatResponse {
  return JSON.parse(
    JSON.stringify(response).replace(
      /gemini-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      'gemini-<id>',
    ),
  );
}

/** The text the SSE fixture's chunks carry, read independently of the adapter. */
function fixtureText(fixture: string, thought: boolean): string {
  let text = '';
  for (const line of loadFixture(`gemini/${fixture}`).split(/\r?\n/)) {
    if (!line.startsWith('data: ')) continue;
    const chunk = JSON.parse(line.slice(6));
    for (const part of chunk.candidates?.[0]?.content?.parts ?? []) {
      if (typeof part.text === 'string' && (part.thought === true) === thought) text += part.text;
    }
  }
  return text;
}

function expectWellOrdered(events: readonly StreamEvent[]): void {
  expect(events[0]?.type).toBe('start');
  expect(events.at(-1)?.type).toBe('finish');
  expect(events.filter((event) => event.type === 'finish')).toHaveLength(1);
  expect(events.filter((event) => event.type === 'start')).toHaveLength(1);
}

async function streamFixture(
  fixture: string,
  chatRequest: ChatRequest = request,
): Promise<{ events: StreamEvent[]; response: ChatResponse; sent: unknown }> {
  await using rig = await startGeminiRig([
    fixtureRoute({ path: STREAM_PATH, fixture: `gemini/${fixture}` }),
  ]);
  const stream = await rig.provider.streamMessage(chatRequest);
  const events = await adapterEvents(stream);
  const response = await stream.collect();
  return { events, response, sent: rig.server.lastRequest()?.body };
}

describe('streamMessage: the request on the wire', () => {
  it('posts to :streamGenerateContent?alt=sse asking for an event stream', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({ path: STREAM_PATH, fixture: 'gemini/stream-text.sse' }),
    ]);
    await (await rig.provider.streamMessage(request)).collect();
    const sent = rig.server.lastRequest();
    expect(sent?.path).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent');
    expect(sent?.query).toEqual({ alt: 'sse' });
    expect(sent?.headers.accept).toBe('text/event-stream');
    expect(sent?.body).toStrictEqual({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
  });
});

describe('streamMessage: every SSE fixture', () => {
  it('stream-text.sse: incremental text, usage from the last chunk, finish last', async () => {
    const { events, response } = await streamFixture('stream-text.sse');
    expectWellOrdered(events);
    expect(
      events.filter((e) => e.type === 'content').map((e) => (e as { text: string }).text),
    ).toEqual(['The', ' capital of Wyoming', ' is **Cheyenne**.\n']);
    expect(normaliseIds(response)).toStrictEqual({
      id: 'gemini-<id>',
      model: 'gemini-2.0-flash',
      content: 'The capital of Wyoming is **Cheyenne**.\n',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'STOP',
      usage: { promptTokens: 7, completionTokens: 10, totalTokens: 17 },
    });
    const usages = events.filter((e) => e.type === 'usage');
    expect(usages.at(-1)).toStrictEqual({
      type: 'usage',
      usage: { promptTokens: 7, completionTokens: 10, totalTokens: 17 },
    });
  });

  it('stream-text-long.sse: 36 chunks joined exactly', async () => {
    const { events, response } = await streamFixture('stream-text-long.sse');
    expectWellOrdered(events);
    expect(response.content).toBe(fixtureText('stream-text-long.sse', false));
    expect(response.content).toHaveLength(8845);
    expect(response.content.startsWith("Okay, let's dive into the world of cats and dogs!")).toBe(
      true,
    );
    expect(response.usage).toStrictEqual({
      promptTokens: 10,
      completionTokens: 1996,
      totalTokens: 2006,
    });
  });

  it('stream-thinking-thought-summary.sse: thoughts as reasoning events, then the answer', async () => {
    const { events, response } = await streamFixture('stream-thinking-thought-summary.sse');
    expectWellOrdered(events);
    const firstContent = events.findIndex((e) => e.type === 'content');
    const lastReasoning = events.findLastIndex((e) => e.type === 'reasoning');
    expect(lastReasoning).toBeLessThan(firstContent);
    expect(response.reasoning).toBe(fixtureText('stream-thinking-thought-summary.sse', true));
    expect(response.content).toBe(
      "The sky is blue because tiny gas molecules in Earth's atmosphere scatter blue light from the sun more efficiently than other colors. Blue light has shorter, smaller wavelengths, causing it to be scattered in all directions, making the sky appear blue to our eyes.",
    );
    expect(response.id).toBe('0J-HaJetAqv0jrEPwu-tsQ0');
    expect(response.usage).toStrictEqual({
      promptTokens: 10,
      completionTokens: 588,
      totalTokens: 598,
      reasoningTokens: 540,
    });
  });

  it('stream-function-call-thought-signature.sse: the call with its signature, finish tool_calls', async () => {
    const { events, response } = await streamFixture('stream-function-call-thought-signature.sse');
    expectWellOrdered(events);
    const calls = events.filter((e) => e.type === 'tool_call_delta');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      index: 0,
      id: 'call_48SHaPHpHKbG-8YPtZCawAk_0',
      name: 'now',
      argumentsDelta: '{}',
      providerMetadata: { gemini: { thoughtSignature: expect.stringMatching(/^CiIBVKhc7vB/) } },
    });
    expect(response.toolCalls).toHaveLength(1);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.rawFinishReason).toBe('STOP');
    expect(response.reasoning).toBe(
      fixtureText('stream-function-call-thought-signature.sse', true),
    );
    expect(response.usage?.reasoningTokens).toBe(168);
  });

  it('stream-code-execution.sse: code execution as a metadata event, tool-use tokens in the prompt', async () => {
    const { events, response } = await streamFixture('stream-code-execution.sse');
    expectWellOrdered(events);
    expect(events.filter((e) => e.type === 'metadata')).toStrictEqual([
      {
        type: 'metadata',
        codeExecutions: [
          {
            language: 'python',
            code: "prime_numbers = [2, 3, 5, 7, 11]\nsum_of_primes = sum(prime_numbers)\nprint(f'The sum of the first 5 prime numbers is: {sum_of_primes}')\n",
            outcome: 'ok',
            output: 'The sum of the first 5 prime numbers is: 28\n',
          },
        ],
      },
    ]);
    expect(response.content).toBe(fixtureText('stream-code-execution.sse', false));
    expect(response.content.endsWith('The sum of the first 5 prime numbers is 28.')).toBe(true);
    expect(response.codeExecutions).toHaveLength(1);
    expect(response.usage).toStrictEqual({
      promptTokens: 264,
      completionTokens: 221,
      totalTokens: 485,
      reasoningTokens: 95,
    });
  });

  it('stream-grounding-google-search.sse: grounding and the search entry point as metadata; the request matches', async () => {
    const recorded = loadFixtureJson<{
      contents: { parts: { text: string }[] }[];
      systemInstruction: { parts: { text: string }[] };
      tools: unknown;
    }>('gemini/stream-grounding-google-search.request.json');
    const { events, response, sent } = await streamFixture('stream-grounding-google-search.sse', {
      model: 'gemini-2.5-pro',
      systemPrompt: recorded.systemInstruction.parts[0]?.text ?? '',
      messages: [userMessage(recorded.contents[0]?.parts[0]?.text ?? '')],
      tools: [geminiTools.googleSearch()],
    });
    expectWellOrdered(events);
    // Intentional differences from the recording (Python SDK): no empty `generationConfig: {}`, no
    // `role` on `systemInstruction`.
    expect(sent).toStrictEqual({
      contents: recorded.contents,
      systemInstruction: { parts: recorded.systemInstruction.parts },
      tools: recorded.tools,
    });
    const metadata = events.filter((e) => e.type === 'metadata');
    expect(metadata.some((e) => e.grounding !== undefined)).toBe(true);
    expect(
      metadata.some((e) => typeof e.providerMetadata?.gemini?.searchEntryPoint === 'string'),
    ).toBe(true);
    expect(response.content).toBe(fixtureText('stream-grounding-google-search.sse', false));
    expect(response.grounding?.searchQueries).toEqual(['weather in San Francisco today']);
    expect(response.grounding?.sources.map((source) => source.title)).toEqual([
      'Weather information for San Francisco, CA, US',
      'timeanddate.com',
      'weather.gov',
      'wunderground.com',
      'accuweather.com',
    ]);
    expect(response.grounding?.supports).toHaveLength(8);
    expect(response.grounding?.supports[6]).toStrictEqual({
      text: 'Hourly forecasts show temperatures remaining in the low 70s during the afternoon before gradually cooling down in the evening.',
      startIndex: 755,
      endIndex: 881,
      sourceIndices: [4, 1],
    });
    expect(response.usage).toStrictEqual({
      promptTokens: 119,
      completionTokens: 653,
      totalTokens: 772,
      reasoningTokens: 412,
    });
  });

  it('stream-no-content-parts.sse: a last chunk with content but no parts only finishes', async () => {
    const { events, response } = await streamFixture('stream-no-content-parts.sse');
    expectWellOrdered(events);
    expect(response.content).toBe(fixtureText('stream-no-content-parts.sse', false));
    expect(response.finishReason).toBe('stop');
    expect(response.model).toBe('gemini-2.0-flash-preview-image-generation');
    expect(response.usage).toStrictEqual({
      promptTokens: 34,
      completionTokens: 1370,
      totalTokens: 1404,
    });
  });

  it('stream-recitation-no-content.sse: content_filter with RECITATION kept', async () => {
    const { events, response } = await streamFixture('stream-recitation-no-content.sse');
    expectWellOrdered(events);
    expect(response.content).toBe('text1text2text3text4text5text6text7text8');
    expect(response.finishReason).toBe('content_filter');
    expect(response.rawFinishReason).toBe('RECITATION');
    expect(response.usage).toStrictEqual({
      promptTokens: 9,
      completionTokens: 261,
      totalTokens: 270,
    });
  });

  it('stream-usage-thoughts.sse: live usage per chunk, the last one wins; the request matches', async () => {
    const recorded = loadFixtureJson<{ contents: { parts: { text: string }[] }[] }>(
      'gemini/stream-usage-thoughts.request.json',
    );
    const { events, response, sent } = await streamFixture('stream-usage-thoughts.sse', {
      model: 'gemini-2.5-flash',
      messages: [userMessage(recorded.contents[0]?.parts[0]?.text ?? '')],
      providerOptions: { gemini: { responseModalities: ['TEXT'] } },
    });
    expect(sent).toStrictEqual(recorded);
    expect(
      events
        .filter((e) => e.type === 'usage')
        .map((e) => (e as { usage: { totalTokens: number } }).usage.totalTokens),
    ).toEqual([84, 132, 133]);
    expect(response.content).toBe(Array.from({ length: 30 }, (_, i) => i + 1).join('\n'));
    expect(response.usage).toStrictEqual({
      promptTokens: 18,
      completionTokens: 115,
      totalTokens: 133,
      reasoningTokens: 35,
    });
  });

  it('stream-prompt-blocked-safety.sse: the iterator rejects with prompt_blocked and the partial answer', async () => {
    await using rig = await startGeminiRig([
      fixtureRoute({ path: STREAM_PATH, fixture: 'gemini/stream-prompt-blocked-safety.sse' }),
    ]);
    const stream = await rig.provider.streamMessage(request);
    const seen: StreamEvent[] = [];
    const error = await rejection(
      (async () => {
        for await (const event of stream) seen.push(event);
      })(),
    );
    expect(ProviderError.isInstance(error)).toBe(true);
    const blocked = error as ProviderError;
    expect(blocked.code).toBe('prompt_blocked');
    expect(blocked.providerCode).toBe('SAFETY');
    expect(blocked.partial).toMatchObject({
      model: 'gemini-2.5-flash',
      content: '',
      toolCalls: [],
    });
    expect(seen.some((event) => event.type === 'finish')).toBe(false);
  });

  it('stream-vertex-partial-function-args.chunks.jsonl (via sseFromChunksJsonl): streamed arguments joined per call', async () => {
    await using rig = await startGeminiRig([
      {
        path: STREAM_PATH,
        sse: sseFromChunksJsonl(
          loadFixture('gemini/stream-vertex-partial-function-args.chunks.jsonl'),
        ),
      },
    ]);
    const stream = await rig.provider.streamMessage(request);
    const events = await readEvents(stream);
    expectWellOrdered(events);
    const response = await stream.collect();
    expect(response.toolCalls).toStrictEqual([
      {
        id: 'call_dqHOab6xGLzWodAPkPuViA4_0',
        type: 'function',
        function: { name: 'getWeather', arguments: '{"location":"Boston"}' },
        providerMetadata: { gemini: { thoughtSignature: expect.stringMatching(/^CiMBjz1rX25K/) } },
      },
      {
        id: 'call_dqHOab6xGLzWodAPkPuViA4_1',
        type: 'function',
        function: { name: 'getWeather', arguments: '{"location":"San Francisco"}' },
      },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.rawFinishReason).toBe('STOP');
    expect(response.model).toBe('gemini-3.1-pro-preview');
    expect(response.usage).toStrictEqual({
      promptTokens: 26,
      completionTokens: 155,
      totalTokens: 181,
      reasoningTokens: 132,
    });
  });

  it('stream-json-array-no-alt-sse.json (streamFormat json-array): no alt=sse, the array read element by element', async () => {
    const recorded = loadFixtureJson<{
      contents: { parts: { text: string }[] }[];
      safetySettings: { category: string; threshold: string }[];
    }>('gemini/stream-json-array-no-alt-sse.request.json');
    await using rig = await startGeminiRig(
      [fixtureRoute({ path: STREAM_PATH, fixture: 'gemini/stream-json-array-no-alt-sse.json' })],
      { streamFormat: 'json-array' },
    );
    const stream = await rig.provider.streamMessage({
      model: 'gemini-flash-latest',
      messages: [userMessage(recorded.contents[0]?.parts[0]?.text ?? '')],
      reasoning: { includeThoughts: true },
      providerOptions: { gemini: { safetySettings: recorded.safetySettings } },
    });
    const events = await readEvents(stream);
    expectWellOrdered(events);
    const response = await stream.collect();
    const sent = rig.server.lastRequest();
    expect(sent?.path).toBe('/v1beta/models/gemini-flash-latest:streamGenerateContent');
    expect(sent?.query).toEqual({});
    expect(sent?.body).toStrictEqual(recorded);
    expect(response.content).toBe('Scoop');
    expect(response.reasoning).toMatch(/^\*\*Considering the Constraint\*\*/);
    expect(response.providerMetadata?.gemini?.thoughtSignature).toMatch(/^Eq0JCqoJARFNMg/);
    expect(response.model).toBe('gemini-3.6-flash');
    expect(response.usage).toStrictEqual({
      promptTokens: 11,
      completionTokens: 293,
      totalTokens: 304,
      reasoningTokens: 291,
    });
  });
});

describe('re-chunked at random byte boundaries', () => {
  const sseFixtures = [
    'stream-text.sse',
    'stream-text-long.sse',
    'stream-thinking-thought-summary.sse',
    'stream-function-call-thought-signature.sse',
    'stream-code-execution.sse',
    'stream-grounding-google-search.sse',
    'stream-no-content-parts.sse',
    'stream-recitation-no-content.sse',
    'stream-usage-thoughts.sse',
  ];

  it.each(sseFixtures)('%s gives the same events and response (seed 4)', async (fixture) => {
    const whole = await streamFixture(fixture);
    const pieces = cutAtRandom(
      loadFixtureBytes(`gemini/${fixture}`),
      seededRandom(4 + fixture.length),
    );
    expect(pieces.length).toBeGreaterThan(1);
    await using rig = await startGeminiRig([piecewiseRoute(STREAM_PATH, pieces)]);
    const stream = await rig.provider.streamMessage(request);
    const events = await adapterEvents(stream);
    const response = await stream.collect();
    expect(normaliseIds(response)).toStrictEqual(normaliseIds(whole.response));
    // Piece boundaries never change the events except for the random id of a response without one.
    const normalise = (list: StreamEvent[]) =>
      JSON.parse(JSON.stringify(list).replace(/gemini-[0-9a-f-]{36}/g, 'gemini-<id>'));
    expect(normalise(events)).toStrictEqual(normalise(whole.events));
  });

  it('the JSON-array stream cut at random boundaries gives the same response', async () => {
    const pieces = cutAtRandom(
      loadFixtureBytes('gemini/stream-json-array-no-alt-sse.json'),
      seededRandom(11),
      32,
    );
    await using rig = await startGeminiRig(
      [piecewiseRoute(STREAM_PATH, pieces, 'application/json')],
      {
        streamFormat: 'json-array',
      },
    );
    const response = await (await rig.provider.streamMessage(request)).collect();
    expect(response.content).toBe('Scoop');
    expect(response.providerMetadata?.gemini?.thoughtSignature).toMatch(/^Eq0JCqoJARFNMg/);
  });
});

describe('collect() equals sendMessage() field by field', () => {
  const unaryFixtures = [
    'text.json',
    'text-thought-signature.json',
    'function-call.json',
    'function-calls-parallel.json',
    'thinking-function-call-thought-signature.json',
    'thinking-thought-summary.json',
    'citations.json',
    'code-execution.json',
    'grounding-google-search.json',
    'url-context.json',
    'inline-data-image.json',
    'structured-output-json.json',
    'finish-reason-safety-blocked.json',
    'finish-reason-safety.json',
    'usage-cached-content-implicit.json',
  ];

  it.each(unaryFixtures)('%s sent whole and streamed as one chunk', async (fixture) => {
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: `gemini/${fixture}` }),
      { path: STREAM_PATH, sse: sseOfJsonFixture(`gemini/${fixture}`) },
    ]);
    const sent = await rig.provider.sendMessage(request);
    const collected = await (await rig.provider.streamMessage(request)).collect();
    expect(normaliseIds(collected)).toStrictEqual(normaliseIds(sent));
  });

  it('a response split into many chunks collects to the same as the whole', async () => {
    // code-execution.json split part by part: text, code and result arrive in separate chunks.
    const body = loadFixtureJson<{
      candidates: [{ content: { parts: unknown[]; role: string }; finishReason?: string }];
      usageMetadata: unknown;
      modelVersion: string;
      responseId: string;
    }>('gemini/code-execution.json');
    const parts = body.candidates[0].content.parts;
    const chunks = parts.map((part, index) => ({
      candidates: [
        {
          content: { parts: [part], role: 'model' },
          ...(index === parts.length - 1 ? { finishReason: 'STOP' } : {}),
        },
      ],
      ...(index === parts.length - 1 ? { usageMetadata: body.usageMetadata } : {}),
      modelVersion: body.modelVersion,
      responseId: body.responseId,
    }));
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: 'gemini/code-execution.json' }),
      {
        path: STREAM_PATH,
        sse: chunks.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join(''),
      },
    ]);
    const sent = await rig.provider.sendMessage(request);
    const collected = await (await rig.provider.streamMessage(request)).collect();
    expect(collected).toStrictEqual(sent);
  });

  it('cumulative chunks (a proxy resending the whole text) give the same text as increments', async () => {
    const frame = (text: string, thought: boolean, finish?: string) =>
      `data: ${JSON.stringify({
        candidates: [
          {
            content: { parts: [{ text, ...(thought ? { thought } : {}) }], role: 'model' },
            ...(finish ? { finishReason: finish } : {}),
          },
        ],
        responseId: 'cumulative-1',
      })}\r\n\r\n`;
    const sse =
      frame('Let me think', true) +
      frame('Let me think about it.', true) +
      frame('Hello', false) +
      frame('Hello world', false) +
      frame('Hello world!', false, 'STOP');
    await using rig = await startGeminiRig([{ path: STREAM_PATH, sse }]);
    const stream = await rig.provider.streamMessage(request);
    const events = await adapterEvents(stream);
    expect(
      events.filter((e) => e.type === 'content').map((e) => (e as { text: string }).text),
    ).toEqual(['Hello', ' world', '!']);
    const response = await stream.collect();
    expect(response.content).toBe('Hello world!');
    expect(response.reasoning).toBe('Let me think about it.');
  });
});
