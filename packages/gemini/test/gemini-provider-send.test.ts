import {
  type ChatRequest,
  imagePart,
  ProviderError,
  type ToolDescription,
  textPart,
  userMessage,
} from '@aigo/ai';
import { fixtureRoute, loadFixtureJson } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { geminiTools } from '../src/gemini-tools.js';
import type { GeminiResponse } from '../src/wire/gemini-api.js';
import {
  GENERATE_PATH,
  rejection,
  startGeminiRig,
  TEST_API_KEY,
} from './support/test-gemini-server.js';

const ask = (text: string, overrides: Partial<ChatRequest> = {}): ChatRequest => ({
  model: 'gemini-2.5-flash',
  messages: [userMessage(text)],
  ...overrides,
});

function partsText(fixture: string, thought: boolean): string {
  const body = loadFixtureJson<GeminiResponse>(`gemini/${fixture}`);
  return (body.candidates?.[0]?.content?.parts ?? [])
    .filter((part) => typeof part.text === 'string' && (part.thought === true) === thought)
    .map((part) => part.text)
    .join('');
}

async function send(fixture: string, request: ChatRequest = ask('hi')) {
  await using rig = await startGeminiRig([
    fixtureRoute({ path: GENERATE_PATH, fixture: `gemini/${fixture}` }),
  ]);
  const response = await rig.provider.sendMessage(request);
  const sent = rig.server.lastRequest();
  if (sent === undefined) throw new Error('no request reached the server');
  return { response, sent };
}

describe('sendMessage: the request on the wire', () => {
  it('posts to models/{model}:generateContent with the key in x-goog-api-key only', async () => {
    const { sent } = await send('text.json', ask('Where is Google?'));
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(sent.query).toEqual({});
    expect(sent.headers['x-goog-api-key']).toBe(TEST_API_KEY);
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toStrictEqual({
      contents: [{ role: 'user', parts: [{ text: 'Where is Google?' }] }],
    });
  });
});

describe('sendMessage: every unary fixture', () => {
  it('text.json: the answer, usage and STOP', async () => {
    const { response } = await send('text.json');
    expect(response).toStrictEqual({
      id: expect.stringMatching(/^gemini-[0-9a-f-]{36}$/),
      model: 'gemini-2.0-flash',
      content:
        "Google's headquarters, also known as the Googleplex, is located in **Mountain View, California**.\n",
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'STOP',
      usage: { promptTokens: 7, completionTokens: 22, totalTokens: 29 },
    });
  });

  it('text-thought-signature.json: a text part’s signature in providerMetadata, thoughts in usage', async () => {
    const { response } = await send('text-thought-signature.json');
    expect(response).toStrictEqual({
      id: 'Un6LacrVMcjUxs0PmJfWoQc',
      model: 'gemini-3-pro-preview',
      content: "There are **3** r's in strawberry.\n\nHere is the breakdown: st**r**awbe**rr**y.",
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'STOP',
      usage: { promptTokens: 9, completionTokens: 272, totalTokens: 281, reasoningTokens: 244 },
      providerMetadata: {
        gemini: {
          thoughtSignature:
            'EtoFCtcFAb4+9vtfe4MXRxQjw48U1WKrR/7lYsgFkVi/bepqsSPjY0VU7HEzkeCBIfy1fu5t9aUZ4IZ65aWagqbBrV45fc97olcg',
          // The turn's one part, with its signature, for sending it back in place.
          parts: [
            {
              kind: 'text',
              length: 78,
              thoughtSignature:
                'EtoFCtcFAb4+9vtfe4MXRxQjw48U1WKrR/7lYsgFkVi/bepqsSPjY0VU7HEzkeCBIfy1fu5t9aUZ4IZ65aWagqbBrV45fc97olcg',
            },
          ],
        },
      },
    });
  });

  it('function-call.json: a call with its signature, finish tool_calls', async () => {
    const { response } = await send('function-call.json');
    expect(response.toolCalls).toStrictEqual([
      {
        id: 'call_m36LaZGyCLz1xs0PtNSB-QU_0',
        type: 'function',
        function: { name: 'weather', arguments: '{"location":"San Francisco"}' },
        providerMetadata: {
          gemini: {
            thoughtSignature:
              'EskgCsYgAb4+9vtF7/499YQS2bjZs3xcQI+iAl+ILn29nK1j0Kg6su7QsUUUk3nrAAfnS2w5WiVvlcCqu9fAebJ2cvfaEyBahEt5',
          },
        },
      },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.rawFinishReason).toBe('STOP');
    expect(response.content).toBe('');
    expect(response.usage).toStrictEqual({
      promptTokens: 29,
      completionTokens: 908,
      totalTokens: 937,
      reasoningTokens: 893,
    });
  });

  it('function-calls-parallel.json: three calls, only the first signed; the request matches the recording', async () => {
    const recorded = loadFixtureJson<{
      contents: unknown;
      systemInstruction: { parts: { text: string }[] };
      tools: [
        {
          functionDeclarations: {
            name: string;
            description: string;
            parameters_json_schema: Record<string, unknown>;
          }[];
        },
      ];
      generationConfig: { stopSequences: string[] };
    }>('gemini/function-calls-parallel.request.json');
    const declarations = recorded.tools[0].functionDeclarations;
    const tools: ToolDescription[] = declarations.map((declaration) => ({
      name: declaration.name,
      description: declaration.description,
      parameters: declaration.parameters_json_schema,
    }));
    const userText =
      (recorded.contents as { parts: { text: string }[] }[])[0]?.parts[0]?.text ?? '';
    const { response, sent } = await send('function-calls-parallel.json', {
      model: 'gemini-2.5-flash',
      systemPrompt: recorded.systemInstruction.parts[0]?.text ?? '',
      messages: [userMessage(userText)],
      tools,
      stop: recorded.generationConfig.stopSequences,
    });

    expect(
      response.toolCalls.map((call) => [call.id, call.function.name, call.function.arguments]),
    ).toEqual([
      [
        'call_alKWacytCLi5jMcPhISaoAI_0',
        'parallel_local_search_one',
        '{"query":"latest OpenAI model release notes"}',
      ],
      [
        'call_alKWacytCLi5jMcPhISaoAI_1',
        'parallel_local_search_two',
        '{"query":"latest Anthropic model release notes"}',
      ],
      [
        'call_alKWacytCLi5jMcPhISaoAI_2',
        'parallel_local_search_three',
        '{"query":"latest Gemini model release notes"}',
      ],
    ]);
    expect(response.toolCalls[0]?.providerMetadata?.gemini?.thoughtSignature).toMatch(/^CrICAb4/);
    expect(response.toolCalls[1]?.providerMetadata).toBeUndefined();
    expect(response.toolCalls[2]?.providerMetadata).toBeUndefined();
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage).toStrictEqual({
      promptTokens: 291,
      completionTokens: 137,
      totalTokens: 428,
      reasoningTokens: 67,
    });

    // The recording came from the Python SDK. Same contents and generationConfig; intentional
    // differences: we send `parameters` (Gemini's OpenAPI schema, sanitised: `additionalProperties`
    // dropped) instead of `parameters_json_schema`, and `systemInstruction` without a role.
    const body = sent.body as typeof recorded & { tools: [{ functionDeclarations: unknown[] }] };
    expect(body.contents).toStrictEqual(recorded.contents);
    expect(body.generationConfig).toStrictEqual(recorded.generationConfig);
    expect(body.systemInstruction).toStrictEqual({ parts: recorded.systemInstruction.parts });
    expect(body.tools[0].functionDeclarations).toStrictEqual(
      declarations.map((declaration) => ({
        name: declaration.name,
        description: declaration.description,
        parameters: {
          type: 'OBJECT',
          properties: {
            query: { type: 'STRING', title: 'Query', description: 'Search query' },
          },
          required: ['query'],
        },
      })),
    );
  });

  it('thinking-function-call-thought-signature.json: thought summary as reasoning, signed call', async () => {
    const { response } = await send('thinking-function-call-thought-signature.json');
    expect(response.reasoning).toBe(
      partsText('thinking-function-call-thought-signature.json', true),
    );
    expect(response.reasoning).toMatch(/^\*\*Thinking Through the New Year's Eve Calculation\*\*/);
    expect(response.content).toBe('');
    expect(response.toolCalls).toHaveLength(1);
    expect(response.toolCalls[0]).toMatchObject({
      id: 'call_38CHaLjMG6TujrEPtvTiuQk_0',
      function: { name: 'now', arguments: '{}' },
      providerMetadata: { gemini: { thoughtSignature: expect.stringMatching(/^CtQOAVSo/) } },
    });
    expect(response.usage?.reasoningTokens).toBe(501);
  });

  it('thinking-thought-summary.json: reasoning apart from the answer', async () => {
    const { response } = await send('thinking-thought-summary.json');
    expect(response.content).toBe('Mountain View');
    expect(response.reasoning).toMatch(/^\*\*Thinking About Google's Headquarters\*\*/);
    expect(response.usage).toStrictEqual({
      promptTokens: 14,
      completionTokens: 26,
      totalTokens: 40,
      reasoningTokens: 24,
    });
  });

  it('citations.json: the answer; citationMetadata is not grounding and is left out', async () => {
    const { response } = await send('citations.json');
    expect(response.content).toBe(
      "Okay, let's break down quantum mechanics. It's a challenging but fascinating area of physics!",
    );
    expect(response.grounding).toBeUndefined();
    expect(response.finishReason).toBe('stop');
    expect(response.usage?.completionTokens).toBe(1667);
  });

  it('code-execution.json: code and result paired, tool-use tokens in the prompt', async () => {
    const { response } = await send('code-execution.json');
    expect(response.codeExecutions).toStrictEqual([
      {
        language: 'python',
        code: "prime_numbers = [2, 3, 5, 7, 11]\nsum_of_primes = sum(prime_numbers)\nprint(f'{sum_of_primes=}')\n",
        outcome: 'ok',
        output: 'sum_of_primes=28\n',
      },
    ]);
    expect(response.content).toBe(
      'The first 5 prime numbers are 2, 3, 5, 7, and 11.\nThe sum of these numbers is:\n2 + 3 + 5 + 7 + 11 = 28',
    );
    expect(response.usage).toStrictEqual({
      promptTokens: 181,
      completionTokens: 182,
      totalTokens: 363,
      reasoningTokens: 86,
    });
  });

  it('grounding-google-search.json: queries, sources, supports; the search entry point in providerMetadata', async () => {
    const { response, sent } = await send(
      'grounding-google-search.json',
      ask('Weather in London?', { tools: [geminiTools.googleSearch()] }),
    );
    expect((sent.body as { tools: unknown }).tools).toStrictEqual([{ googleSearch: {} }]);
    expect(response.grounding).toStrictEqual({
      searchQueries: ['current weather in London'],
      sources: [
        {
          index: 0,
          uri: expect.stringMatching(
            /^https:\/\/vertexaisearch\.cloud\.google\.com\/grounding-api-redirect\//,
          ),
          title: 'accuweather.com',
        },
        {
          index: 1,
          uri: 'https://www.google.com/search?q=weather+in+London',
          title: 'Weather information for locality: London',
        },
      ],
      supports: [
        {
          text: 'The current weather in London, United Kingdom is cloudy.',
          startIndex: 0,
          endIndex: 56,
          sourceIndices: [0],
          confidence: [0.717345],
        },
        {
          text: 'The temperature is 67°F (19°C), but it feels like 75°F (24°C).',
          startIndex: 57,
          endIndex: 123,
          sourceIndices: [1],
          confidence: [0.98559904],
        },
        {
          text: 'There is a 0% chance of rain, and the humidity is around 41%.',
          startIndex: 124,
          endIndex: 185,
          sourceIndices: [1],
          confidence: [0.85501826],
        },
      ],
    });
    expect(response.providerMetadata?.gemini?.searchEntryPoint).toMatch(/^<style>/);
  });

  it('url-context.json: URL retrieval status and the sources it grounded on', async () => {
    const { response } = await send(
      'url-context.json',
      ask('Summarise https://berkshirehathaway.com', { tools: [geminiTools.urlContext()] }),
    );
    expect(response.grounding?.urlContextSources).toStrictEqual([
      { url: 'https://berkshirehathaway.com', status: 'URL_RETRIEVAL_STATUS_SUCCESS' },
    ]);
    expect(response.grounding?.sources).toStrictEqual([
      { index: 0, uri: 'https://berkshirehathaway.com', title: 'BERKSHIRE HATHAWAY INC.' },
    ]);
    expect(response.grounding?.supports).toHaveLength(4);
    expect(response.grounding?.supports[0]).toStrictEqual({
      text: 'Buffett, annual and interim reports, and news releases.',
      startIndex: 100,
      endIndex: 155,
      sourceIndices: [0],
    });
    expect(response.grounding?.searchQueries).toEqual([]);
    expect(response.usage).toStrictEqual({
      promptTokens: 439,
      completionTokens: 244,
      totalTokens: 683,
      reasoningTokens: 142,
    });
  });

  it('inline-data-image.json: generated image output', async () => {
    const { response } = await send('inline-data-image.json');
    const raw = loadFixtureJson<GeminiResponse>('gemini/inline-data-image.json');
    expect(response.images).toStrictEqual([
      { mimeType: 'image/png', data: raw.candidates?.[0]?.content?.parts?.[0]?.inlineData?.data },
    ]);
    expect(response.images?.[0]?.data).toMatch(/^iVBORw0KGgo/);
    expect(response.content).toBe('');
    expect(response.finishReason).toBe('stop');
    expect(response.model).toBe('gemini-2.0-flash-exp');
  });

  it('structured-output-json.json: the JSON answer; the request asks for JSON with a schema', async () => {
    const recorded = loadFixtureJson<{
      contents: unknown;
      generationConfig: {
        responseJsonSchema: Record<string, unknown>;
        responseModalities: string[];
      };
    }>('gemini/structured-output-json.request.json');
    const { response, sent } = await send('structured-output-json.json', {
      model: 'gemini-2.0-flash',
      messages: [userMessage('What is the largest city in Mexico?')],
      responseFormat: { type: 'json', schema: recorded.generationConfig.responseJsonSchema },
      providerOptions: { gemini: { responseModalities: ['TEXT'] } },
    });
    expect(JSON.parse(response.content)).toEqual({ city: 'Mexico City', country: 'Mexico' });
    expect(response.usage).toStrictEqual({
      promptTokens: 8,
      completionTokens: 20,
      totalTokens: 28,
    });
    // Same contents. Intentional difference: the recording used `responseJsonSchema`; we send the
    // sanitised OpenAPI `responseSchema` (issue 4), with the same title, description and fields.
    const body = sent.body as { contents: unknown; generationConfig: unknown };
    expect(body.contents).toStrictEqual(recorded.contents);
    expect(body.generationConfig).toStrictEqual({
      responseMimeType: 'application/json',
      responseModalities: ['TEXT'],
      responseSchema: {
        type: 'OBJECT',
        title: 'CityLocation',
        description: 'A city and its country.',
        properties: { city: { type: 'STRING' }, country: { type: 'STRING' } },
        required: ['city', 'country'],
      },
    });
  });

  it('finish-reason-safety-blocked.json: empty content, content_filter with SAFETY kept', async () => {
    const recorded = loadFixtureJson<{
      contents: { parts: { text: string }[] }[];
      generationConfig: Record<string, never>;
      safetySettings: { category: string; threshold: string }[];
      systemInstruction: { parts: { text: string }[] };
    }>('gemini/finish-reason-safety-blocked.request.json');
    const { response, sent } = await send('finish-reason-safety-blocked.json', {
      model: 'gemini-1.5-flash',
      systemPrompt: recorded.systemInstruction.parts[0]?.text ?? '',
      messages: [userMessage(recorded.contents[0]?.parts[0]?.text ?? '')],
      providerOptions: { gemini: { safetySettings: recorded.safetySettings } },
    });
    expect(response).toStrictEqual({
      id: '5lpeaLOIBf__698Pv8HGgAg',
      model: 'gemini-1.5-flash',
      content: '',
      toolCalls: [],
      finishReason: 'content_filter',
      rawFinishReason: 'SAFETY',
      usage: { promptTokens: 14, completionTokens: 0, totalTokens: 14 },
    });
    // Intentional differences from the recording (Python SDK): no empty `generationConfig: {}` and
    // no `role` on `systemInstruction`.
    const { generationConfig: _empty, systemInstruction, ...rest } = recorded;
    expect(sent.body).toStrictEqual({
      ...rest,
      systemInstruction: { parts: systemInstruction.parts },
    });
  });

  it('finish-reason-safety.json: partial text stopped by safety', async () => {
    const { response } = await send('finish-reason-safety.json');
    expect(response.content).toBe('Safety error incoming in 5, 4, 3, 2...');
    expect(response.finishReason).toBe('content_filter');
    expect(response.rawFinishReason).toBe('SAFETY');
  });

  it('usage-cached-content-implicit.json: cached tokens a subset of the prompt; the multimodal request matches', async () => {
    const recorded = loadFixtureJson<{
      contents: {
        role: string;
        parts: { text?: string; inlineData?: { data: string; mimeType: string } }[];
      }[];
    }>('gemini/usage-cached-content-implicit.request.json');
    const parts = (recorded.contents[0]?.parts ?? []).map((part) =>
      part.inlineData !== undefined
        ? imagePart(part.inlineData.data, part.inlineData.mimeType)
        : textPart(part.text ?? ''),
    );
    const { response, sent } = await send('usage-cached-content-implicit.json', {
      model: 'gemini-2.5-flash',
      messages: [userMessage(parts)],
    });
    expect(response.usage).toStrictEqual({
      promptTokens: 424,
      completionTokens: 357,
      totalTokens: 781,
      reasoningTokens: 287,
      cachedTokens: 287,
    });
    expect((sent.body as { contents: unknown }).contents).toStrictEqual(recorded.contents);
  });

  it.each([
    ['prompt-blocked-safety.json', 'SAFETY', /Gemini blocked the prompt \(SAFETY\)/],
    ['prompt-feedback-only.json', undefined, /Gemini blocked the prompt: Message/],
  ])('%s: rejects with prompt_blocked and the reason', async (fixture, reason, message) => {
    await using rig = await startGeminiRig([
      fixtureRoute({ path: GENERATE_PATH, fixture: `gemini/${fixture}` }),
    ]);
    const error = await rejection(rig.provider.sendMessage(ask('something unsafe')));
    expect(ProviderError.isInstance(error)).toBe(true);
    const providerError = error as ProviderError;
    expect(providerError.code).toBe('prompt_blocked');
    expect(providerError.providerCode).toBe(reason);
    expect(providerError.message).toMatch(message);
    expect(providerError.retryable).toBe(false);
    expect(providerError.partial).toMatchObject({ content: '', toolCalls: [] });
  });
});
