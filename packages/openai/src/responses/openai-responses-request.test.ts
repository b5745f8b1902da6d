import {
  assistantMessage,
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
  videoPart,
} from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { openaiTools } from '../openai-tools.js';
import { isReasoningModel } from '../shared/is-reasoning-model.js';
import { DEFAULT_SETTINGS, type OpenAISettings } from '../shared/openai-settings.js';
import { buildOpenAIResponsesRequestBody } from './openai-responses-request.js';

const STORED: OpenAISettings = { ...DEFAULT_SETTINGS, store: true };
const base: ChatRequest = { model: 'gpt-4.1', messages: [userMessage('Hi')] };
const build = (request: Partial<ChatRequest>, settings = DEFAULT_SETTINGS, stream = false) =>
  buildOpenAIResponsesRequestBody({ ...base, ...request }, settings, stream);

function validationError(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (ValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

const ENCRYPTED = ['reasoning.encrypted_content'];

describe('buildOpenAIResponsesRequestBody', () => {
  it('sends the system prompt as instructions, store false, and nothing unset', () => {
    expect(build({ systemPrompt: 'Be brief.' })).toEqual({
      model: 'gpt-4.1',
      instructions: 'Be brief.',
      input: [{ role: 'user', content: 'Hi' }],
      store: false,
    });
  });

  it('asks reasoning models for encrypted reasoning when not storing', () => {
    expect(build({ model: 'gpt-5-mini' }).include).toEqual(ENCRYPTED);
    expect(build({ model: 'o4-mini' }).include).toEqual(ENCRYPTED);
    expect(build({ model: 'gpt-4o' }).include).toBeUndefined();
    expect(build({ model: 'gpt-4o', reasoning: { effort: 'low' } }).include).toEqual(ENCRYPTED);
    expect(build({ model: 'gpt-5-mini' }, STORED).include).toBeUndefined();
    expect(build({ model: 'gpt-5-mini' }, STORED).store).toBe(true);
    expect(build({ model: 'gpt-5-mini', providerOptions: { openai: { store: true } } }).store).toBe(
      true,
    );
    expect(
      build({
        model: 'gpt-5-mini',
        providerOptions: { openai: { include: ['file_search_call.results'] } },
      }).include,
    ).toEqual(['file_search_call.results']);
  });

  it('maps reasoning effort and summaries', () => {
    expect(build({ reasoning: { effort: 'high' } }).reasoning).toEqual({ effort: 'high' });
    expect(build({ reasoning: { includeThoughts: true } }).reasoning).toEqual({ summary: 'auto' });
    expect(
      build({
        reasoning: { effort: 'low' },
        providerOptions: { openai: { reasoningSummary: 'detailed' } },
      }).reasoning,
    ).toEqual({ effort: 'low', summary: 'detailed' });
  });

  it('sends generation options only when set, and rejects stop and seed, which the API lacks', () => {
    expect(build({ temperature: 0, topP: 0, maxOutputTokens: 10 })).toMatchObject({
      temperature: 0,
      top_p: 0,
      max_output_tokens: 10,
    });
    expect(validationError(() => build({ stop: ['x'] })).argument).toBe('request.stop');
    expect(validationError(() => build({ seed: 1 })).argument).toBe('request.seed');
  });

  it('maps tools flat, web search, and every tool choice', () => {
    const tool = {
      name: 'f',
      description: 'F',
      parameters: { type: 'object', properties: { a: { type: 'string' } } },
    };
    const body = build({
      tools: [
        tool,
        { ...tool, name: 'g', strict: true },
        openaiTools.webSearch({ searchContextSize: 'low' }),
      ],
      toolChoice: { name: 'g' },
    });
    expect(body.tools).toEqual([
      { type: 'function', ...tool },
      {
        type: 'function',
        name: 'g',
        description: 'F',
        strict: true,
        parameters: {
          type: 'object',
          properties: { a: { type: 'string' } },
          required: ['a'],
          additionalProperties: false,
        },
      },
      { type: 'web_search', search_context_size: 'low' },
    ]);
    expect(body.tool_choice).toEqual({ type: 'function', name: 'g' });
    for (const choice of ['auto', 'none', 'required'] as const) {
      expect(build({ tools: [tool], toolChoice: choice }).tool_choice).toBe(choice);
    }
    expect(
      validationError(() => build({ tools: [{ type: 'provider', id: 'gemini.google_search' }] }))
        .message,
    ).toMatch(/gemini\.google_search/);
  });

  it('maps structured output to text.format', () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } } };
    expect(
      build({ responseFormat: { type: 'json', schema, name: 'N', strict: true } }).text,
    ).toEqual({
      format: {
        type: 'json_schema',
        name: 'N',
        strict: true,
        schema: { ...schema, required: ['n'], additionalProperties: false },
      },
    });
    expect(build({ responseFormat: { type: 'json' } }).text).toEqual({
      format: { type: 'json_object' },
    });
    expect(build({ responseFormat: { type: 'text' } }).text).toBeUndefined();
  });

  it('maps user parts and names a part the API cannot take', () => {
    const body = build({
      messages: [
        userMessage([
          textPart('See'),
          imagePartFromUri('https://x/a.png'),
          imagePart('iVBO', 'image/png', { providerMetadata: { openai: { imageDetail: 'high' } } }),
          imagePartFromUri('file-img1'),
          audioPart('SUQz', 'audio/mp3'),
          documentPart('JVBE', 'application/pdf'),
          documentPartFromUri('https://x/a.pdf'),
          documentPartFromUri('file-doc1'),
        ]),
      ],
    });
    expect(body.input).toEqual([
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'See' },
          { type: 'input_image', image_url: 'https://x/a.png', detail: 'auto' },
          { type: 'input_image', image_url: 'data:image/png;base64,iVBO', detail: 'high' },
          { type: 'input_image', file_id: 'file-img1', detail: 'auto' },
          { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
          {
            type: 'input_file',
            filename: 'document.pdf',
            file_data: 'data:application/pdf;base64,JVBE',
          },
          { type: 'input_file', file_url: 'https://x/a.pdf' },
          { type: 'input_file', file_id: 'file-doc1' },
        ],
      },
    ]);
    const error = validationError(() =>
      build({ messages: [userMessage([videoPart('AAAA', 'video/mp4')])] }),
    );
    expect(error.argument).toBe('request.messages[0].content[0]');
  });

  it('sends reasoning items back before the function calls they led to', () => {
    const call = {
      id: 'call_1',
      type: 'function' as const,
      function: { name: 'f', arguments: '{"a":1}' },
    };
    const items = [
      { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAA' },
      { type: 'reasoning', id: 'rs_2', summary: [{ type: 'summary_text', text: 'hm' }] },
    ];
    const assistant: Message = {
      role: 'assistant',
      content: 'Let me check.',
      toolCalls: [call],
      providerMetadata: { openai: { reasoningItems: items } },
    };
    const messages = [userMessage('Go'), assistant, toolMessage('call_1', '{"ok":true}')];
    // Not stored: only the item with encrypted content can be sent back.
    expect(build({ messages }).input).toEqual([
      { role: 'user', content: 'Go' },
      { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'gAAA' },
      { role: 'assistant', content: 'Let me check.' },
      { type: 'function_call', call_id: 'call_1', name: 'f', arguments: '{"a":1}' },
      { type: 'function_call_output', call_id: 'call_1', output: '{"ok":true}' },
    ]);
    // Stored: OpenAI has them all.
    expect(build({ messages }, STORED).input.slice(1, 3)).toEqual(items);
    // A reasoning item alone is rejected by the API, so an empty assistant turn sends none.
    expect(
      build({
        messages: [
          {
            role: 'assistant',
            content: '',
            providerMetadata: { openai: { reasoningItems: items } },
          },
        ],
      }).input,
    ).toEqual([]);
    expect(build({ messages: [assistantMessage('Hi')] }).input).toEqual([
      { role: 'assistant', content: 'Hi' },
    ]);
  });
});

describe('isReasoningModel', () => {
  const cases: [string, boolean][] = [
    ['o1', true],
    ['o3-mini', true],
    ['o4-mini-2025-04-16', true],
    ['gpt-5', true],
    ['gpt-5.2', true],
    ['gpt-5-mini', true],
    ['openai/gpt-5', true],
    ['codex-mini-latest', true],
    ['gpt-5-chat-latest', false],
    ['gpt-4o', false],
    ['gpt-4.1-mini', false],
    ['llama3.2', false],
  ];
  for (const [model, expected] of cases) {
    it(`${model} → ${expected}`, () => expect(isReasoningModel(model)).toBe(expected));
  }
});
