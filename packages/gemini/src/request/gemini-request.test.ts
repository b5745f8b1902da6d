import {
  type ChatRequest,
  documentPart,
  imagePart,
  imagePartFromUri,
  type Message,
  textPart,
  toolMessage,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { geminiTools } from '../gemini-tools.js';
import { buildGeminiRequest } from './gemini-request.js';

const model = 'gemini-2.5-flash';
const weather = {
  name: 'weather',
  description: 'Weather in a city',
  parameters: {
    type: 'object',
    additionalProperties: false,
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
};

function request(overrides: Partial<ChatRequest>): ChatRequest {
  return { model, messages: [userMessage('hi')], ...overrides };
}

function validationError(fn: () => unknown): ValidationError {
  try {
    fn();
  } catch (error) {
    if (ValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('buildGeminiRequest: contents and roles', () => {
  it('sends the system prompt and system messages as systemInstruction, users as user turns', () => {
    const body = buildGeminiRequest({
      model,
      systemPrompt: 'Be brief.',
      messages: [{ role: 'system', content: 'Answer in French.' }, userMessage('Hello')],
    });
    expect(body).toStrictEqual({
      contents: [{ role: 'user', parts: [{ text: 'Hello' }] }],
      systemInstruction: { parts: [{ text: 'Be brief.' }, { text: 'Answer in French.' }] },
    });
  });

  it('maps content parts to text, inlineData and fileData (the URI wins over data)', () => {
    const both = { ...imagePart('AAAA', 'image/png'), uri: 'gs://bucket/a.png' };
    const body = buildGeminiRequest({
      model,
      messages: [
        userMessage([
          textPart('Describe these'),
          imagePart('iVBORw0KGgo=', 'image/png'),
          imagePartFromUri('https://example.com/cat.jpg', 'image/jpeg'),
          documentPart('JVBERi0=', 'application/pdf'),
          both,
        ]),
      ],
    });
    expect(body.contents).toStrictEqual([
      {
        role: 'user',
        parts: [
          { text: 'Describe these' },
          { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
          { fileData: { mimeType: 'image/jpeg', fileUri: 'https://example.com/cat.jpg' } },
          { inlineData: { mimeType: 'application/pdf', data: 'JVBERi0=' } },
          { fileData: { mimeType: 'image/png', fileUri: 'gs://bucket/a.png' } },
        ],
      },
    ]);
  });

  it('sends an assistant turn as model: code executions, text, then function calls with signatures', () => {
    const assistant: Message = {
      role: 'assistant',
      content: 'Let me check.',
      reasoning: 'thinking that is not sent back',
      codeExecutions: [{ language: 'python', code: 'print(1)', outcome: 'ok', output: '1\n' }],
      toolCalls: [
        {
          id: 'call_r1_0',
          type: 'function',
          function: { name: 'weather', arguments: '{"city":"Paris"}' },
          providerMetadata: { gemini: { thoughtSignature: 'sig-1', functionCallId: 'fc-1' } },
        },
        {
          id: 'call_r1_1',
          type: 'function',
          function: { name: 'weather', arguments: '' },
        },
      ],
    };
    const body = buildGeminiRequest({ model, messages: [userMessage('q'), assistant] });
    expect(body.contents[1]).toStrictEqual({
      role: 'model',
      parts: [
        { executableCode: { language: 'PYTHON', code: 'print(1)' } },
        { codeExecutionResult: { outcome: 'OUTCOME_OK', output: '1\n' } },
        { text: 'Let me check.' },
        {
          functionCall: { name: 'weather', args: { city: 'Paris' }, id: 'fc-1' },
          thoughtSignature: 'sig-1',
        },
        { functionCall: { name: 'weather', args: {} } },
      ],
    });
  });

  it('sends a text signature back on the text part, or on an empty part when there is no text', () => {
    const withText = buildGeminiRequest({
      model,
      messages: [
        userMessage('q'),
        {
          role: 'assistant',
          content: 'Scoop',
          providerMetadata: { gemini: { thoughtSignature: 'S' } },
        },
      ],
    });
    expect(withText.contents[1]).toStrictEqual({
      role: 'model',
      parts: [{ text: 'Scoop', thoughtSignature: 'S' }],
    });
    const empty = buildGeminiRequest({
      model,
      messages: [
        userMessage('q'),
        { role: 'assistant', content: '', providerMetadata: { gemini: { thoughtSignature: 'S' } } },
      ],
    });
    expect(empty.contents[1]).toStrictEqual({
      role: 'model',
      parts: [{ text: '', thoughtSignature: 'S' }],
    });
    const parts = buildGeminiRequest({
      model,
      messages: [
        userMessage('q'),
        {
          role: 'assistant',
          content: [textPart('a'), textPart('b', { gemini: { thoughtSignature: 'P' } })],
        },
      ],
    });
    expect(parts.contents[1]?.parts).toStrictEqual([
      { text: 'a' },
      { text: 'b', thoughtSignature: 'P' },
    ]);
  });

  it('keeps a message-level signature beside function calls on an empty text part at the end', () => {
    const body = buildGeminiRequest({
      model,
      messages: [
        userMessage('q'),
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c', type: 'function', function: { name: 'now', arguments: '{}' } }],
          providerMetadata: { gemini: { thoughtSignature: 'T' } },
        },
      ],
    });
    expect(body.contents[1]?.parts).toStrictEqual([
      { functionCall: { name: 'now', args: {} } },
      { text: '', thoughtSignature: 'T' },
    ]);
  });

  it('skips an assistant message with nothing to send', () => {
    const body = buildGeminiRequest({
      model,
      messages: [userMessage('q'), { role: 'assistant', content: '' }, userMessage('again')],
    });
    expect(body.contents.map((content) => content.role)).toEqual(['user', 'user']);
  });

  it('groups the results of parallel calls into one user turn, in call order, with names and ids', () => {
    const assistant: Message = {
      role: 'assistant',
      content: '',
      toolCalls: [
        { id: 'a', type: 'function', function: { name: 'one', arguments: '{}' } },
        {
          id: 'b',
          type: 'function',
          function: { name: 'two', arguments: '{}' },
          providerMetadata: { gemini: { functionCallId: 'api-b' } },
        },
        { id: 'c', type: 'function', function: { name: 'three', arguments: '{}' } },
      ],
    };
    const body = buildGeminiRequest({
      model,
      messages: [
        userMessage('go'),
        assistant,
        // Finished out of order, names left out: both come from the calls.
        toolMessage('c', '[1,2]'),
        toolMessage('a', '{"ok":true}'),
        toolMessage('b', 'plain text'),
        userMessage('thanks'),
      ],
    });
    expect(body.contents).toStrictEqual([
      { role: 'user', parts: [{ text: 'go' }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'one', args: {} } },
          { functionCall: { name: 'two', args: {}, id: 'api-b' } },
          { functionCall: { name: 'three', args: {} } },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'one', response: { ok: true } } },
          { functionResponse: { name: 'two', response: { result: 'plain text' }, id: 'api-b' } },
          { functionResponse: { name: 'three', response: { result: [1, 2] } } },
        ],
      },
      { role: 'user', parts: [{ text: 'thanks' }] },
    ]);
  });

  it('names the message whose tool result has no function name', () => {
    const error = validationError(() =>
      buildGeminiRequest({ model, messages: [userMessage('q'), toolMessage('nope', '{}')] }),
    );
    expect(error.argument).toBe('messages[1].name');
  });

  it('rejects tool-call arguments that are not a JSON object, naming them', () => {
    const error = validationError(() =>
      buildGeminiRequest({
        model,
        messages: [
          userMessage('q'),
          {
            role: 'assistant',
            content: '',
            toolCalls: [{ id: 'x', type: 'function', function: { name: 'f', arguments: '[1]' } }],
          },
        ],
      }),
    );
    expect(error.argument).toBe('messages[1].toolCalls[0].function.arguments');
  });

  it('rejects an unknown role and a media part without data or uri', () => {
    expect(
      validationError(() =>
        buildGeminiRequest({
          model,
          messages: [{ role: 'robot', content: 'x' } as unknown as Message],
        }),
      ).argument,
    ).toBe('messages[0].role');
    expect(
      validationError(() =>
        buildGeminiRequest({
          model,
          messages: [userMessage([{ type: 'image', mimeType: 'image/png' }])],
        }),
      ).argument,
    ).toBe('messages[0].content[0]');
  });
});

describe('buildGeminiRequest: tools and toolConfig', () => {
  it('puts built-in tools first in request order and all functions in one declaration list', () => {
    const body = buildGeminiRequest(
      request({
        tools: [
          geminiTools.googleSearch(),
          weather,
          geminiTools.urlContext(),
          { name: 'now', description: '', parameters: { type: 'object', properties: {} } },
          geminiTools.codeExecution(),
        ],
      }),
    );
    expect(body.tools).toStrictEqual([
      { googleSearch: {} },
      { urlContext: {} },
      { codeExecution: {} },
      {
        functionDeclarations: [
          {
            name: 'weather',
            description: 'Weather in a city',
            parameters: {
              type: 'OBJECT',
              properties: { city: { type: 'STRING' } },
              required: ['city'],
            },
          },
          { name: 'now' },
        ],
      },
    ]);
    expect(body.toolConfig).toBeUndefined();
  });

  it('passes Google Search options through', () => {
    const range = { startTime: '2025-01-01T00:00:00Z', endTime: '2025-02-01T00:00:00Z' };
    const body = buildGeminiRequest(
      request({ tools: [geminiTools.googleSearch({ timeRangeFilter: range })] }),
    );
    expect(body.tools).toStrictEqual([{ googleSearch: { timeRangeFilter: range } }]);
  });

  it('rejects another provider’s tool with an error naming it', () => {
    const error = validationError(() =>
      buildGeminiRequest(
        request({ tools: [weather, { type: 'provider', id: 'openai.web_search_preview' }] }),
      ),
    );
    expect(error.argument).toBe('tools[1]');
    expect(error.message).toContain('openai.web_search_preview');
    expect(error.message).toContain('gemini.google_search');
  });

  it.each([
    ['auto', { functionCallingConfig: { mode: 'AUTO' } }],
    ['none', { functionCallingConfig: { mode: 'NONE' } }],
    ['required', { functionCallingConfig: { mode: 'ANY' } }],
    [
      { name: 'weather' },
      { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['weather'] } },
    ],
  ] as const)('toolChoice %j → %j', (toolChoice, toolConfig) => {
    expect(buildGeminiRequest(request({ tools: [weather], toolChoice })).toolConfig).toStrictEqual(
      toolConfig,
    );
  });

  it('sends no toolConfig without function tools, and rejects forcing an unknown tool', () => {
    expect(
      buildGeminiRequest(request({ tools: [geminiTools.googleSearch()], toolChoice: 'required' }))
        .toolConfig,
    ).toBeUndefined();
    expect(
      validationError(() =>
        buildGeminiRequest(request({ tools: [weather], toolChoice: { name: 'other' } })),
      ).argument,
    ).toBe('toolChoice');
    expect(
      validationError(() => buildGeminiRequest(request({ tools: [weather, weather] }))).argument,
    ).toBe('tools[1]');
  });
});

describe('buildGeminiRequest: generationConfig', () => {
  it('sends nothing when nothing is set', () => {
    expect(buildGeminiRequest(request({})).generationConfig).toBeUndefined();
  });

  it('sends each setting that is set, zero included', () => {
    const body = buildGeminiRequest(
      request({
        temperature: 0,
        topP: 0.9,
        maxOutputTokens: 256,
        stop: ['END'],
        seed: 7,
        providerOptions: {
          gemini: {
            topK: 40,
            presencePenalty: 0.5,
            frequencyPenalty: 0,
            responseModalities: ['TEXT', 'IMAGE'],
          },
        },
      }),
    );
    expect(body.generationConfig).toStrictEqual({
      temperature: 0,
      topP: 0.9,
      topK: 40,
      maxOutputTokens: 256,
      stopSequences: ['END'],
      seed: 7,
      presencePenalty: 0.5,
      frequencyPenalty: 0,
      responseModalities: ['TEXT', 'IMAGE'],
    });
  });

  it('maps structured output to responseMimeType and a sanitised responseSchema', () => {
    const body = buildGeminiRequest(
      request({
        responseFormat: {
          type: 'json',
          schema: {
            $schema: 'https://json-schema.org/draft/2020-12/schema',
            type: 'object',
            additionalProperties: false,
            properties: { city: { type: 'string' }, country: { type: 'string' } },
            required: ['city', 'country'],
          },
        },
      }),
    );
    expect(body.generationConfig).toStrictEqual({
      responseMimeType: 'application/json',
      responseSchema: {
        type: 'OBJECT',
        properties: { city: { type: 'STRING' }, country: { type: 'STRING' } },
        required: ['city', 'country'],
      },
    });
    expect(
      buildGeminiRequest(request({ responseFormat: { type: 'json' } })).generationConfig,
    ).toStrictEqual({
      responseMimeType: 'application/json',
    });
    expect(
      buildGeminiRequest(request({ responseFormat: { type: 'text' } })).generationConfig,
    ).toBeUndefined();
  });

  it('maps reasoning to thinkingConfig: budget (0 included), includeThoughts, effort as level', () => {
    expect(
      buildGeminiRequest(request({ reasoning: { budgetTokens: 0 } })).generationConfig,
    ).toStrictEqual({ thinkingConfig: { thinkingBudget: 0 } });
    expect(
      buildGeminiRequest(request({ reasoning: { budgetTokens: -1, includeThoughts: true } }))
        .generationConfig,
    ).toStrictEqual({ thinkingConfig: { thinkingBudget: -1, includeThoughts: true } });
    expect(
      buildGeminiRequest(request({ reasoning: { effort: 'low' } })).generationConfig,
    ).toStrictEqual({ thinkingConfig: { thinkingLevel: 'low' } });
    expect(
      buildGeminiRequest(
        request({
          reasoning: { effort: 'low' },
          providerOptions: { gemini: { thinkingLevel: 'high' } },
        }),
      ).generationConfig,
    ).toStrictEqual({ thinkingConfig: { thinkingLevel: 'high' } });
    expect(
      validationError(() =>
        buildGeminiRequest(request({ reasoning: { effort: 'high', budgetTokens: 1024 } })),
      ).argument,
    ).toBe('reasoning');
  });

  it('validates settings and names the bad one', () => {
    expect(validationError(() => buildGeminiRequest(request({ temperature: -1 }))).argument).toBe(
      'temperature',
    );
    expect(validationError(() => buildGeminiRequest(request({ topP: 2 }))).argument).toBe('topP');
    expect(
      validationError(() => buildGeminiRequest(request({ maxOutputTokens: 0 }))).argument,
    ).toBe('maxOutputTokens');
    expect(validationError(() => buildGeminiRequest(request({ seed: 1.5 }))).argument).toBe('seed');
    expect(
      validationError(() =>
        buildGeminiRequest(request({ providerOptions: { gemini: { topk: 3 } } })),
      ).argument,
    ).toBe('request.providerOptions.gemini.topk');
    expect(
      validationError(() =>
        buildGeminiRequest(
          request({ providerOptions: { gemini: { safetySettings: [{ category: 1 }] } } }),
        ),
      ).argument,
    ).toBe('request.providerOptions.gemini.safetySettings');
  });

  it('sends safety settings and a cached content name at the top level', () => {
    const safetySettings = [
      { category: 'HARM_CATEGORY_HATE_SPEECH', threshold: 'BLOCK_LOW_AND_ABOVE' },
    ];
    const body = buildGeminiRequest(
      request({
        providerOptions: { gemini: { safetySettings, cachedContent: 'cachedContents/abc' } },
      }),
    );
    expect(body.safetySettings).toStrictEqual(safetySettings);
    expect(body.cachedContent).toBe('cachedContents/abc');
  });
});
