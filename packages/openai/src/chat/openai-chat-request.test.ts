import {
  assistantMessage,
  audioPart,
  audioPartFromUri,
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
  videoPart,
} from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type OpenAISettings } from '../shared/openai-settings.js';
import { buildOpenAIChatRequestBody } from './openai-chat-request.js';

const COMPAT: OpenAISettings = { ...DEFAULT_SETTINGS, isOpenAIHost: false };
const base: ChatRequest = { model: 'gpt-4o', messages: [userMessage('Hi')] };
const build = (request: Partial<ChatRequest>, settings = DEFAULT_SETTINGS, stream = false) =>
  buildOpenAIChatRequestBody({ ...base, ...request }, settings, stream);

function validationError(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (ValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

const weather = {
  name: 'get_weather',
  description: 'Weather for a city',
  parameters: { type: 'object', properties: { city: { type: 'string' } } },
};

describe('buildOpenAIChatRequestBody: generation options', () => {
  it('sends nothing that was not set', () => {
    expect(build({})).toEqual({ model: 'gpt-4o', messages: [{ role: 'user', content: 'Hi' }] });
  });

  it('sends 0 and empty values that were set', () => {
    expect(build({ temperature: 0, topP: 0, seed: 0, stop: [], maxOutputTokens: 5 })).toMatchObject(
      { temperature: 0, top_p: 0, seed: 0, stop: [], max_completion_tokens: 5 },
    );
  });

  it('uses max_completion_tokens on api.openai.com, max_tokens elsewhere, or the option', () => {
    expect(build({ maxOutputTokens: 9 }).max_completion_tokens).toBe(9);
    expect(build({ maxOutputTokens: 9 }, COMPAT).max_tokens).toBe(9);
    expect(build({ maxOutputTokens: 9 }, COMPAT).max_completion_tokens).toBeUndefined();
    expect(
      build(
        {
          maxOutputTokens: 9,
          providerOptions: { openai: { maxTokensParameter: 'max_completion_tokens' } },
        },
        COMPAT,
      ).max_completion_tokens,
    ).toBe(9);
  });

  it('sends reasoning effort, not budget or thoughts (Chat Completions has neither)', () => {
    const body = build({
      reasoning: { effort: 'minimal', budgetTokens: 100, includeThoughts: true },
    });
    expect(body.reasoning_effort).toBe('minimal');
    expect(Object.keys(body).sort()).toEqual(['messages', 'model', 'reasoning_effort']);
  });

  it('streams with include_usage unless the provider turned it off', () => {
    expect(build({}, DEFAULT_SETTINGS, true)).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(
      build({}, { ...DEFAULT_SETTINGS, includeStreamUsage: false }, true).stream_options,
    ).toBeUndefined();
  });

  it('rejects values of the wrong kind, naming them', () => {
    expect(validationError(() => build({ temperature: Number.NaN })).argument).toBe(
      'request.temperature',
    );
    expect(validationError(() => build({ maxOutputTokens: 0 })).argument).toBe(
      'request.maxOutputTokens',
    );
    expect(validationError(() => build({ stop: 'x' as never })).argument).toBe('request.stop');
    expect(validationError(() => build({ messages: 'hi' as never })).argument).toBe(
      'request.messages',
    );
  });
});

describe('buildOpenAIChatRequestBody: tools', () => {
  it('maps function tools and every tool choice to the Chat Completions shapes', () => {
    const cases: [ChatRequest['toolChoice'], unknown][] = [
      [undefined, undefined],
      ['auto', 'auto'],
      ['none', 'none'],
      ['required', 'required'],
      [{ name: 'get_weather' }, { type: 'function', function: { name: 'get_weather' } }],
    ];
    for (const [toolChoice, expected] of cases) {
      const body = build({ tools: [weather], ...(toolChoice === undefined ? {} : { toolChoice }) });
      expect(body.tools).toEqual([{ type: 'function', function: weather }]);
      expect(body.tool_choice).toEqual(expected);
    }
  });

  it('makes a strict tool schema strict-compatible', () => {
    const body = build({ tools: [{ ...weather, strict: true }] });
    expect(body.tools?.[0]?.function).toEqual({
      ...weather,
      strict: true,
      parameters: {
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      },
    });
  });

  it('rejects a tool choice naming an unknown tool, a duplicate tool and provider tools', () => {
    expect(
      validationError(() => build({ tools: [weather], toolChoice: { name: 'nope' } })).argument,
    ).toBe('request.toolChoice');
    expect(validationError(() => build({ tools: [weather, weather] })).argument).toBe(
      'request.tools[1].name',
    );
    const error = validationError(() =>
      build({ tools: [{ type: 'provider', id: 'openai.web_search' }] }),
    );
    expect(error.argument).toBe('request.tools[0]');
    expect(error.message).toMatch(/openai\.web_search.*responses/);
  });

  it('sends parallel_tool_calls only when set', () => {
    expect(build({ tools: [weather] }).parallel_tool_calls).toBeUndefined();
    expect(
      build({ tools: [weather], providerOptions: { openai: { parallelToolCalls: false } } })
        .parallel_tool_calls,
    ).toBe(false);
  });
});

describe('buildOpenAIChatRequestBody: response format', () => {
  const schema = { type: 'object', properties: { name: { type: 'string' } } };
  it('maps text, JSON with and without a schema, strict, and the json_object fallback', () => {
    expect(build({ responseFormat: { type: 'text' } }).response_format).toBeUndefined();
    expect(build({ responseFormat: { type: 'json' } }).response_format).toEqual({
      type: 'json_object',
    });
    expect(build({ responseFormat: { type: 'json', schema } }).response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'response', schema },
    });
    expect(
      build({
        responseFormat: {
          type: 'json',
          schema,
          name: 'Person',
          description: 'A person',
          strict: true,
        },
      }).response_format,
    ).toEqual({
      type: 'json_schema',
      json_schema: {
        name: 'Person',
        description: 'A person',
        strict: true,
        schema: { ...schema, required: ['name'], additionalProperties: false },
      },
    });
    expect(
      build(
        { responseFormat: { type: 'json', schema } },
        { ...DEFAULT_SETTINGS, structuredOutputs: false },
      ).response_format,
    ).toEqual({ type: 'json_object' });
    expect(
      build({
        responseFormat: { type: 'json', schema },
        providerOptions: { openai: { structuredOutputs: false } },
      }).response_format,
    ).toEqual({ type: 'json_object' });
  });
});

describe('buildOpenAIChatRequestBody: messages and parts', () => {
  const PNG = 'iVBORw0KGgo=';
  it('maps every part a user message can carry', () => {
    const body = build({
      systemPrompt: 'Be brief.',
      messages: [
        userMessage([
          textPart('Look:'),
          imagePartFromUri('https://example.com/a.png'),
          imagePart(PNG, 'image/png', { providerMetadata: { openai: { imageDetail: 'low' } } }),
          audioPart('UklGRg==', 'audio/wav'),
          audioPart('SUQz', 'audio/mpeg'),
          documentPart('JVBERi0=', 'application/pdf', { filename: 'report.pdf' }),
          documentPart('JVBERi0=', 'application/pdf'),
          documentPartFromUri('file-abc123'),
        ]),
      ],
    });
    expect(body.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look:' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png' } },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}`, detail: 'low' } },
          { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
          {
            type: 'file',
            file: { filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' },
          },
          {
            type: 'file',
            file: { filename: 'document.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' },
          },
          { type: 'file', file: { file_id: 'file-abc123' } },
        ],
      },
    ]);
  });

  it('names a part the API cannot take instead of dropping it', () => {
    const cases: [Message, string, RegExp][] = [
      [
        userMessage([textPart('x'), videoPart('AAAA', 'video/mp4')]),
        'request.messages[0].content[1]',
        /video/,
      ],
      [
        userMessage([audioPart('AAAA', 'audio/ogg')]),
        'request.messages[0].content[0]',
        /wav or mp3.*audio\/ogg/,
      ],
      [
        userMessage([audioPartFromUri('https://x/a.wav')]),
        'request.messages[0].content[0]',
        /not by uri/,
      ],
      [
        userMessage([documentPartFromUri('https://x/a.pdf')]),
        'request.messages[0].content[0]',
        /not by URL/,
      ],
      [
        { role: 'assistant', content: [imagePartFromUri('https://x/a.png')] },
        'request.messages[0].content[0]',
        /assistant message can only carry text/,
      ],
      [{ role: 'tool', content: 'x' }, 'request.messages[0].toolCallId', /tool message/],
    ];
    for (const [message, argument, problem] of cases) {
      const error = validationError(() => build({ messages: [message] }));
      expect(error.argument).toBe(argument);
      expect(error.message).toMatch(problem);
    }
  });

  it('round-trips assistant tool calls and tool results', () => {
    const call = {
      id: 'call_1',
      type: 'function' as const,
      function: { name: 'f', arguments: '{}' },
    };
    const body = build({
      messages: [
        userMessage('Go'),
        assistantMessage('', [call]),
        toolMessage('call_1', '42', 'f'),
        assistantMessage('Done'),
      ],
    });
    expect(body.messages.slice(1)).toEqual([
      { role: 'assistant', content: null, tool_calls: [call] },
      { role: 'tool', tool_call_id: 'call_1', content: '42' },
      { role: 'assistant', content: 'Done' },
    ]);
  });

  it('sends DeepSeek reasoning_content back with its tool-call turn only', () => {
    const call = {
      id: 'call_1',
      type: 'function' as const,
      function: { name: 'f', arguments: '{}' },
    };
    const metadata = { openai: { reasoningField: 'reasoning_content' } };
    const body = build({
      messages: [
        {
          role: 'assistant',
          content: '',
          toolCalls: [call],
          reasoning: 'I should call f.',
          providerMetadata: metadata,
        },
        { role: 'assistant', content: 'Answer', reasoning: 'Thought.', providerMetadata: metadata },
        {
          role: 'assistant',
          content: '',
          toolCalls: [call],
          reasoning: 'Groq style',
          providerMetadata: { openai: { reasoningField: 'reasoning' } },
        },
      ],
    });
    expect(body.messages[0]).toMatchObject({ reasoning_content: 'I should call f.' });
    expect(body.messages[1]).toEqual({ role: 'assistant', content: 'Answer' });
    expect(body.messages[2]).not.toHaveProperty('reasoning_content');
  });

  it("sends Gemini's extra_content (thought signatures) back as received", () => {
    const extra = { google: { thought_signature: 'c2ln' } };
    const call = {
      id: 'call_0',
      type: 'function' as const,
      function: { name: 'f', arguments: '{}' },
      providerMetadata: { openai: { extraContent: extra } },
    };
    const body = build({
      messages: [
        {
          role: 'assistant',
          content: '',
          toolCalls: [call],
          providerMetadata: { openai: { extraContent: extra } },
        },
      ],
    });
    expect(body.messages[0]).toEqual({
      role: 'assistant',
      content: null,
      extra_content: extra,
      tool_calls: [
        {
          id: 'call_0',
          type: 'function',
          function: { name: 'f', arguments: '{}' },
          extra_content: extra,
        },
      ],
    });
  });
});

describe('buildOpenAIChatRequestBody: provider options', () => {
  it('passes user and merges extraBody last', () => {
    const body = build({
      temperature: 1,
      providerOptions: {
        openai: { user: 'u-1', extraBody: { top_k: 40, temperature: 0.2 } },
        gemini: { x: 1 },
      },
    });
    expect(body).toMatchObject({ user: 'u-1', top_k: 40, temperature: 0.2 });
  });

  it('rejects unknown or mistyped options, naming them', () => {
    expect(
      validationError(() => build({ providerOptions: { openai: { paralelToolCalls: true } } }))
        .argument,
    ).toBe('request.providerOptions.openai.paralelToolCalls');
    expect(
      validationError(() => build({ providerOptions: { openai: { user: 1 } } })).argument,
    ).toBe('request.providerOptions.openai.user');
  });
});
