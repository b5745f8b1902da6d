/**
 * Every recorded Chat Completions fixture, served over real HTTP on 127.0.0.1: the mapped answer
 * (or stream events, `collect()` and error), the request body the adapter sent, every SSE fixture
 * re-chunked at random byte boundaries, and `collect()` = `sendMessage()` for the same answer.
 */
import { readdirSync } from 'node:fs';
import {
  assistantMessage,
  type ChatRequest,
  type ChatResponse,
  ProviderError,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import { fixturePath, fixtureRoute, loadFixture, loadFixtureJson } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenAIOptions } from '../src/index.js';
import { chatBodyToSse } from './support/derive-streams.js';
import {
  CHAT_PATH,
  createHarness,
  drain,
  errorText,
  fixtureBytes,
  rechunkedSseRoute,
  TEST_API_KEY,
  toolsFromChatWire,
} from './support/harness.js';

type Json = Record<string, unknown>;
const DIR = 'openai-chat';
const harness = createHarness();
afterEach(() => harness.closeAll());

const recorded = (name: string): Json => loadFixtureJson<Json>(`${DIR}/${name}`);
const firstMessage = (name: string): Json =>
  ((recorded(name).choices as Json[])[0] as Json).message as Json;

/** Joins a field of choice 0's deltas across a recorded SSE body (an independent reading). */
function joinDeltas(name: string, field: string): string {
  let text = '';
  for (const line of loadFixture(`${DIR}/${name}`).split('\n')) {
    if (!line.startsWith('data: {')) continue;
    const chunk = JSON.parse(line.slice(6)) as Json;
    for (const choice of (chunk.choices ?? []) as Json[]) {
      const delta = choice.delta as Json | null;
      if ((choice.index ?? 0) === 0 && typeof delta?.[field] === 'string') text += delta[field];
    }
  }
  return text;
}

/**
 * The recorded request as our adapter should send it. Intentional differences, normalised here:
 * - `stream: false` is never sent (it is the API's default);
 * - aigo has no `developer` role: the system prompt is sent as `system` (OpenAI treats it as
 *   `developer` for reasoning models).
 */
function expectedChatBody(name: string): Json {
  const body = structuredClone(recorded(name));
  if (body.stream === false) delete body.stream;
  for (const message of body.messages as Json[]) {
    if (message.role === 'developer') message.role = 'system';
  }
  return body;
}

interface ErrorExpectation {
  readonly code: string;
  readonly status?: number;
  readonly providerCode?: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly partial?: Partial<ChatResponse>;
}

interface ChatCase {
  /** The request our adapter is given: the equivalent of `NAME.request.json` when there is one. */
  readonly request: ChatRequest;
  readonly provider?: OpenAIOptions;
  /** For fixtures without `.request.json`: the body we expect to send. */
  readonly sentBody?: Json;
  /** The status of a recorded error body that has no `.headers.json`. */
  readonly status?: number;
  /** Headers added to the replay (not recorded). */
  readonly headers?: Record<string, string>;
  readonly response?: () => ChatResponse;
  readonly error?: ErrorExpectation;
}

const hi = (model: string, text = 'Hi'): ChatRequest => ({ model, messages: [userMessage(text)] });
const simpleBody = (model: string, text = 'Hi', stream = false): Json => ({
  model,
  messages: [{ role: 'user', content: text }],
  ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
});
const groqTools = () =>
  toolsFromChatWire(recorded('compat-groq-error-400-tool-use-failed.request.json').tools);
const groqRequest = (): ChatRequest => ({
  model: 'openai/gpt-oss-120b',
  systemPrompt: 'Be concise. Never use pretty double quotes, just regular ones.',
  messages: [
    userMessage(
      'Please call the "get_something_by_name" tool with non-existent parameters to test error handling; on the second try you can use valid args',
    ),
  ],
  tools: groqTools(),
  toolChoice: 'auto',
  providerOptions: { openai: { extraBody: { n: 1 } } },
});
const capitalTools = () => toolsFromChatWire(recorded('stream-tool-call.request.json').tools);

const CASES: Record<string, ChatCase> = {
  'compat-anthropic-openai-sdk-stream-tool-call.sse': {
    request: hi('claude-haiku-4-5'),
    sentBody: simpleBody('claude-haiku-4-5', 'Hi', true),
    response: () => ({
      id: 'msg_sanitized',
      model: 'claude-haiku-4-5-20251001',
      content: 'Reading it.',
      toolCalls: [
        {
          id: 'toolu_sanitized',
          type: 'function',
          function: { name: 'read_file', arguments: '{"path": "a.txt"}' },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
    }),
  },
  'compat-azure-stream-content-filter.sse': {
    request: hi('gpt-5.2_2025-12-11', 'Hey, what is up?'),
    response: () => ({
      id: 'chatcmpl-DmfZu2BjJmBGSSHpj9hWtFQYBUxYn',
      model: 'gpt-5.2-2025-12-11',
      content: 'Not much—here and ready to help. What do you want to talk about or work on?',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: {
        promptTokens: 12,
        completionTokens: 24,
        totalTokens: 36,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'compat-deepseek-reasoning.json': {
    request: hi('deepseek-reasoner', "How many 'r's are in the word 'strawberry'?"),
    sentBody: simpleBody('deepseek-reasoner', "How many 'r's are in the word 'strawberry'?"),
    response: () => ({
      id: '945bb10c-9bf3-47ff-a2a2-43bbe9705c72',
      model: 'deepseek-reasoner',
      content: firstMessage('compat-deepseek-reasoning.json').content as string,
      reasoning: firstMessage('compat-deepseek-reasoning.json').reasoning_content as string,
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: {
        promptTokens: 18,
        completionTokens: 345,
        totalTokens: 363,
        reasoningTokens: 315,
        cachedTokens: 0,
      },
      providerMetadata: { openai: { reasoningField: 'reasoning_content' } },
    }),
  },
  'compat-deepseek-tool-call.json': {
    request: hi('deepseek-reasoner', 'What is the weather in San Francisco?'),
    sentBody: simpleBody('deepseek-reasoner', 'What is the weather in San Francisco?'),
    response: () => ({
      id: '7a630f5b-b7e6-4878-82f8-d77db164d42b',
      model: 'deepseek-reasoner',
      content: '',
      reasoning: firstMessage('compat-deepseek-tool-call.json').reasoning_content as string,
      toolCalls: [
        {
          id: 'call_00_9V0vrf86Pc9aelHCJMZqnJBo',
          type: 'function',
          function: { name: 'weather', arguments: '{"location": "San Francisco"}' },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: {
        promptTokens: 339,
        completionTokens: 92,
        totalTokens: 431,
        reasoningTokens: 48,
        cachedTokens: 320,
      },
      providerMetadata: { openai: { reasoningField: 'reasoning_content' } },
    }),
  },
  'compat-gemini-openai-endpoint-tool-call.json': {
    request: {
      model: 'gemini-2.5-pro-preview-05-06',
      messages: [userMessage('What is the current time?')],
      tools: toolsFromChatWire(
        recorded('compat-gemini-openai-endpoint-tool-call.request.json').tools,
      ),
      toolChoice: 'auto',
    },
    response: () => ({
      id: '3SE-aKjdCcCEz7IPxpqjCA',
      model: 'gemini-2.5-pro-preview-05-06',
      content: '',
      // Gemini's endpoint sends an empty id; the call gets the same stable id a stream gives it.
      toolCalls: [
        { id: 'call_0', type: 'function', function: { name: 'get_current_time', arguments: '{}' } },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      // 109 includes Gemini's unlabelled thinking tokens: kept as reported.
      usage: { promptTokens: 35, completionTokens: 12, totalTokens: 109 },
      providerMetadata: {
        openai: {
          extraContent: firstMessage('compat-gemini-openai-endpoint-tool-call.json').extra_content,
        },
      },
    }),
  },
  'compat-groq-error-400-tool-use-failed.json': {
    status: 400,
    request: groqRequest(),
    error: { code: 'bad_request', status: 400, providerCode: 'tool_use_failed', retryable: false },
  },
  'compat-groq-reasoning.json': {
    request: hi('qwen/qwen3-32b', 'How many r in strawberry?'),
    sentBody: simpleBody('qwen/qwen3-32b', 'How many r in strawberry?'),
    response: () => ({
      id: 'chatcmpl-73cf8a54-d54e-400c-88b8-603d1a346d96',
      model: 'qwen/qwen3-32b',
      content: firstMessage('compat-groq-reasoning.json').content as string,
      reasoning: firstMessage('compat-groq-reasoning.json').reasoning as string,
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { promptTokens: 17, completionTokens: 649, totalTokens: 666, reasoningTokens: 570 },
      providerMetadata: { openai: { reasoningField: 'reasoning' } },
    }),
  },
  'compat-groq-stream-error-event.sse': {
    request: groqRequest(),
    provider: { includeStreamUsage: false },
    error: {
      code: 'bad_request',
      status: 400,
      providerCode: 'tool_use_failed',
      retryable: false,
      partial: {
        id: 'chatcmpl-4f39f3af-3267-4ac1-a0cf-6aa7451877dc',
        content: '',
        reasoning: joinDeltas('compat-groq-stream-error-event.sse', 'reasoning'),
      },
    },
  },
  'compat-groq-tool-call.json': {
    request: hi('llama-3.3-70b-versatile', 'Weather?'),
    sentBody: simpleBody('llama-3.3-70b-versatile', 'Weather?'),
    response: () => ({
      id: 'chatcmpl-1fd017fc-60b8-44eb-a736-375b8e1bc3e7',
      model: 'llama-3.3-70b-versatile',
      content: '',
      toolCalls: [
        { id: 'ax9fskhev', type: 'function', function: { name: 'weather', arguments: '{}' } },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: { promptTokens: 218, completionTokens: 15, totalTokens: 233 },
    }),
  },
  'compat-openrouter-error-429.json': {
    status: 429,
    headers: { 'retry-after': '3' },
    request: {
      model: 'google/gemini-2.0-flash-exp:free',
      systemPrompt: 'Be helpful.',
      messages: [userMessage('Tell me a joke.')],
    },
    error: { code: 'rate_limited', status: 429, retryable: true, retryAfterMs: 3000 },
  },
  'compat-openrouter-kimi-stream-tool-call-variant-a.sse': {
    request: hi('moonshotai/kimi-k2', 'Which version are you?'),
    sentBody: simpleBody('moonshotai/kimi-k2', 'Which version are you?', true),
    response: () => ({
      id: 'gen-1753242299-QZRAt5HJHd1ptY8sdS0s',
      model: 'moonshotai/kimi-k2',
      content: '',
      // The second fragment resends the whole call: the arguments are not doubled.
      toolCalls: [
        { id: '0', type: 'function', function: { name: 'llm_version', arguments: '{}' } },
      ],
      // No finish_reason in this recording: a response with tool calls finishes as tool_calls.
      finishReason: 'tool_calls',
      usage: {
        promptTokens: 57,
        completionTokens: 17,
        totalTokens: 74,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'compat-openrouter-stream-error-midstream.sse': {
    request: {
      model: 'minimax/minimax-m2:free',
      messages: [userMessage('Hello there')],
      maxOutputTokens: 10,
      providerOptions: { openai: { maxTokensParameter: 'max_completion_tokens' } },
    },
    error: {
      code: 'bad_request',
      status: 400,
      retryable: false,
      partial: {
        id: 'gen-1762179802-UN8pkJI4AGZvryk0kFnb',
        content: '',
        reasoning: 'We need to respond to a greeting. The user',
      },
    },
  },
  'compat-openrouter-stream-reasoning.sse': {
    request: {
      model: 'anthropic/claude-sonnet-4.5',
      messages: [userMessage('What is 2+2?')],
      providerOptions: { openai: { extraBody: { reasoning: { enabled: true } } } },
    },
    response: () => ({
      id: 'gen-1765226419-AGrwjunAftQIAgweibL8',
      model: 'anthropic/claude-sonnet-4.5',
      content: '2 + 2 = 4',
      reasoning: 'This is a simple arithmetic question. 2+2 equals 4.',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: {
        promptTokens: 43,
        completionTokens: 36,
        totalTokens: 79,
        reasoningTokens: 13,
        cachedTokens: 0,
      },
      providerMetadata: { openai: { reasoningField: 'reasoning' } },
    }),
  },
  'compat-openrouter-usage-cached-reasoning.json': {
    request: {
      model: 'google/gemini-2.0-flash-exp:free',
      messages: [userMessage('Who are you')],
      providerOptions: {
        openai: {
          extraBody: {
            models: ['x-ai/grok-4'],
            provider: { only: ['xai'] },
            transforms: ['middle-out'],
          },
        },
      },
    },
    response: () => ({
      id: 'gen-1759509677-MpJiZ3ZkiGU3lnbM8QKo',
      model: 'x-ai/grok-4',
      content: firstMessage('compat-openrouter-usage-cached-reasoning.json').content as string,
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: {
        promptTokens: 687,
        completionTokens: 240,
        totalTokens: 927,
        reasoningTokens: 165,
        cachedTokens: 682,
      },
    }),
  },
  'compat-xai-tool-call.json': {
    request: hi('grok-3-mini', 'Weather in San Francisco?'),
    sentBody: simpleBody('grok-3-mini', 'Weather in San Francisco?'),
    response: () => ({
      id: '61c0468b-2a98-413e-f654-dbffcdbb62c1',
      model: 'grok-3-mini',
      content: '',
      reasoning: firstMessage('compat-xai-tool-call.json').reasoning_content as string,
      toolCalls: [
        {
          id: 'call_93562515',
          type: 'function',
          function: { name: 'weather', arguments: '{"location":"San Francisco"}' },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      // xAI counts reasoning beside completion (291 + 26 + 189 = 506): folded in, so reasoning ⊆ completion.
      usage: {
        promptTokens: 291,
        completionTokens: 215,
        totalTokens: 506,
        reasoningTokens: 189,
        cachedTokens: 244,
      },
      providerMetadata: { openai: { reasoningField: 'reasoning_content' } },
    }),
  },
  'error-400-max-tokens-unsupported.json': {
    status: 400,
    request: {
      ...hi('o1'),
      maxOutputTokens: 100,
      providerOptions: { openai: { maxTokensParameter: 'max_tokens' } },
    },
    sentBody: { ...simpleBody('o1'), max_tokens: 100 },
    error: {
      code: 'bad_request',
      status: 400,
      providerCode: 'unsupported_parameter',
      retryable: false,
    },
  },
  'error-400-unsupported-parameter.json': {
    request: { ...hi('o1-mini', 'What is the capital of France?'), stop: ['stop'] },
    error: {
      code: 'bad_request',
      status: 400,
      providerCode: 'unsupported_parameter',
      retryable: false,
    },
  },
  'error-400-unsupported-value.json': {
    status: 400,
    request: {
      model: 'o1-mini',
      systemPrompt: 'You are a helpful assistant.',
      messages: [userMessage('Hello')],
      providerOptions: { openai: { extraBody: { n: 1 } } },
    },
    error: {
      code: 'bad_request',
      status: 400,
      providerCode: 'unsupported_value',
      retryable: false,
    },
  },
  'error-401-invalid-api-key.json': {
    request: {
      model: 'gpt-3.5-turbo',
      systemPrompt: 'You are a helpful assistant.',
      messages: [
        userMessage('Who won the world series in 2020?'),
        assistantMessage('The Los Angeles Dodgers won the World Series in 2020.'),
        userMessage('Where was it played?'),
      ],
      topP: 0.9,
      providerOptions: { openai: { user: 'ddtrace-test', extraBody: { n: 2 } } },
    },
    error: {
      code: 'invalid_api_key',
      status: 401,
      providerCode: 'invalid_api_key',
      retryable: false,
    },
  },
  'error-404-model-not-found.json': {
    request: hi('non-existent-model', 'This should fail'),
    error: {
      code: 'model_not_found',
      status: 404,
      providerCode: 'model_not_found',
      retryable: false,
    },
  },
  'error-429-insufficient-quota.json': {
    status: 429,
    headers: { 'retry-after': '20' },
    request: hi('gpt-4o-mini'),
    sentBody: simpleBody('gpt-4o-mini'),
    // Billing, not load: not retryable, and no retry-after hint even when the header is there.
    error: {
      code: 'insufficient_quota',
      status: 429,
      providerCode: 'insufficient_quota',
      retryable: false,
    },
  },
  'finish-reason-length.json': {
    request: { ...hi('gpt-4o-2024-08-06'), maxOutputTokens: 1 },
    // A server other than api.openai.com gets `max_tokens` (see maxTokensParameter).
    sentBody: { ...simpleBody('gpt-4o-2024-08-06'), max_tokens: 1 },
    response: () => ({
      id: 'chatcmpl-ABfvvX7eB1KsfeZj8VcF3z7G7SbaA',
      model: 'gpt-4o-2024-08-06',
      content: '{"',
      toolCalls: [],
      finishReason: 'length',
      rawFinishReason: 'length',
      usage: { promptTokens: 79, completionTokens: 1, totalTokens: 80, reasoningTokens: 0 },
    }),
  },
  'multiple-choices-n3.json': {
    request: { ...hi('gpt-4o-2024-08-06'), providerOptions: { openai: { extraBody: { n: 3 } } } },
    sentBody: { ...simpleBody('gpt-4o-2024-08-06'), n: 3 },
    response: () => ({
      id: 'chatcmpl-ABfvp8qzboW92q8ONDF4DPHlI7ckC',
      model: 'gpt-4o-2024-08-06',
      content: '{"city":"San Francisco","temperature":64,"units":"f"}',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { promptTokens: 79, completionTokens: 44, totalTokens: 123, reasoningTokens: 0 },
    }),
  },
  'refusal.json': {
    request: hi('gpt-4o-2024-08-06'),
    sentBody: simpleBody('gpt-4o-2024-08-06'),
    response: () => ({
      id: 'chatcmpl-ABfvwoKVWPQj2UPlAcAKM7s40GsRx',
      model: 'gpt-4o-2024-08-06',
      content: '',
      refusal: "I'm very sorry, but I can't assist with that.",
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { promptTokens: 79, completionTokens: 12, totalTokens: 91, reasoningTokens: 0 },
    }),
  },
  'stream-logprobs.sse': {
    request: hi('gpt-4o-2024-08-06'),
    sentBody: simpleBody('gpt-4o-2024-08-06', 'Hi', true),
    response: () => ({
      id: 'chatcmpl-ABfw5EzoqmfXjnnsXY7Yd8OC6tb3c',
      model: 'gpt-4o-2024-08-06',
      content: 'Foo!',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { promptTokens: 9, completionTokens: 2, totalTokens: 11, reasoningTokens: 0 },
    }),
  },
  'stream-multiple-choices-n3.sse': {
    request: { ...hi('gpt-4o-2024-08-06'), providerOptions: { openai: { extraBody: { n: 3 } } } },
    sentBody: { ...simpleBody('gpt-4o-2024-08-06', 'Hi', true), n: 3 },
    response: () => ({
      id: 'chatcmpl-ABfw2KKFuVXmEJgVwYfBvejMAdWtq',
      model: 'gpt-4o-2024-08-06',
      // Only choice 0; the interleaved choices 1 and 2 are not mixed in.
      content: '{"city":"San Francisco","temperature":65,"units":"f"}',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { promptTokens: 79, completionTokens: 42, totalTokens: 121, reasoningTokens: 0 },
    }),
  },
  'stream-refusal.sse': {
    request: hi('gpt-4o-2024-08-06'),
    sentBody: simpleBody('gpt-4o-2024-08-06', 'Hi', true),
    response: () => ({
      id: 'chatcmpl-ABfw4IfQfCCrcuybFm41wJyxjbkz7',
      model: 'gpt-4o-2024-08-06',
      content: '',
      refusal: "I'm sorry, I can't assist with that request.",
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { promptTokens: 79, completionTokens: 11, totalTokens: 90, reasoningTokens: 0 },
    }),
  },
  'stream-structured-output.sse': {
    request: {
      ...hi('gpt-4o-2024-08-06', 'What is the weather in SF?'),
      responseFormat: {
        type: 'json',
        name: 'Location',
        schema: {
          type: 'object',
          properties: {
            city: { type: 'string' },
            temperature: { type: 'number' },
            units: { enum: ['c', 'f'] },
          },
        },
        strict: true,
      },
    },
    sentBody: {
      ...simpleBody('gpt-4o-2024-08-06', 'What is the weather in SF?', true),
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'Location',
          strict: true,
          // Made strict-compatible: every property required, no additional properties.
          schema: {
            type: 'object',
            properties: {
              city: { type: 'string' },
              temperature: { type: 'number' },
              units: { enum: ['c', 'f'] },
            },
            required: ['city', 'temperature', 'units'],
            additionalProperties: false,
          },
        },
      },
    },
    response: () => ({
      id: 'chatcmpl-ABfw1e5abtU8OwGr15vOreYVb2MiF',
      model: 'gpt-4o-2024-08-06',
      content: '{"city":"San Francisco","temperature":61,"units":"f"}',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: { promptTokens: 79, completionTokens: 14, totalTokens: 93, reasoningTokens: 0 },
    }),
  },
  'stream-text-with-usage.sse': {
    request: {
      model: 'gpt-4o-mini',
      messages: [
        userMessage('What is the capital of the UK? Use the tool, then answer.'),
        assistantMessage('', [
          {
            id: 'call_ZR5UUuTt3pf61kjwAJIYdVMj',
            type: 'function',
            function: { name: 'get_capital', arguments: '{"country":"UK"}' },
          },
        ]),
        toolMessage('call_ZR5UUuTt3pf61kjwAJIYdVMj', 'London'),
      ],
      tools: capitalTools(),
      toolChoice: 'auto',
    },
    response: () => ({
      id: 'chatcmpl-Dx0Xq5Xx9rHB2ehcHZCRDsnuymUXc',
      model: 'gpt-4o-mini-2024-07-18',
      content: 'The capital of the UK is London.',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: {
        promptTokens: 78,
        completionTokens: 9,
        totalTokens: 87,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'stream-tool-call.sse': {
    request: {
      model: 'gpt-4o-mini',
      messages: [userMessage('What is the capital of the UK? Use the tool, then answer.')],
      tools: capitalTools(),
      toolChoice: 'auto',
    },
    response: () => ({
      id: 'chatcmpl-Dx0XpqH8w09uBXwq1zFGYdETjtnEl',
      model: 'gpt-4o-mini-2024-07-18',
      content: '',
      toolCalls: [
        {
          id: 'call_ZR5UUuTt3pf61kjwAJIYdVMj',
          type: 'function',
          function: { name: 'get_capital', arguments: '{"country":"UK"}' },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: {
        promptTokens: 53,
        completionTokens: 15,
        totalTokens: 68,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'stream-tool-calls-parallel.sse': {
    request: {
      model: 'gpt-4o',
      messages: [
        userMessage('Tell me: the capital of the country; the weather there; the product name'),
      ],
      tools: toolsFromChatWire(recorded('stream-tool-calls-parallel.request.json').tools),
      toolChoice: 'required',
    },
    response: () => ({
      id: 'chatcmpl-C2QD1kGWsTW5OWiqAtOSFEAOfPfQH',
      model: 'gpt-4o-2024-08-06',
      content: '',
      toolCalls: [
        {
          id: 'call_q2UyBRP7eXNTzAoR8lEhjc9Z',
          type: 'function',
          function: { name: 'get_country', arguments: '{}' },
        },
        {
          id: 'call_b51ijcpFkDiTQG1bQzsrmtW5',
          type: 'function',
          function: { name: 'get_product_name', arguments: '{}' },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: {
        promptTokens: 364,
        completionTokens: 40,
        totalTokens: 404,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'stream-usage-cached-tokens.sse': {
    request: {
      model: 'gpt-4.1',
      systemPrompt: (recorded('stream-usage-cached-tokens.request.json').messages as Json[])[0]
        ?.content as string,
      messages: [userMessage('Say goodbye in one word.')],
    },
    response: () => ({
      id: 'chatcmpl-D7mVuqaadwp22jFsp2qAKiE1utU3K',
      model: 'gpt-4.1-2025-04-14',
      content: 'Farewell.',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: {
        promptTokens: 1144,
        completionTokens: 3,
        totalTokens: 1147,
        reasoningTokens: 0,
        cachedTokens: 1024,
      },
    }),
  },
  'structured-output-json-schema.json': {
    request: {
      model: 'gpt-4o-2024-08-06',
      systemPrompt: 'You are a helpful math tutor.',
      messages: [userMessage('solve 8x + 31 = 2')],
      responseFormat: {
        type: 'json',
        name: 'MathResponse',
        schema: (
          (recorded('structured-output-json-schema.request.json').response_format as Json)
            .json_schema as Json
        ).schema as Json,
        strict: true,
      },
    },
    response: () => ({
      id: 'chatcmpl-CP2yRlU2UQZqX5c8b5VaEaGMTI39D',
      model: 'gpt-4o-2024-08-06',
      content: firstMessage('structured-output-json-schema.json').content as string,
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: {
        promptTokens: 127,
        completionTokens: 93,
        totalTokens: 220,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'text-gpt-4o-mini.json': {
    request: hi('gpt-4o-mini', 'Return the name of a random city in the world.'),
    response: () => ({
      id: 'chatcmpl-AsZ6UtbaNSMpNU9VJKxvn52t5eJTq',
      model: 'gpt-4o-mini-2024-07-18',
      content:
        'How about "Lisbon"? It’s the capital city of Portugal, known for its rich history and vibrant culture.',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: {
        promptTokens: 18,
        completionTokens: 24,
        totalTokens: 42,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'text.json': {
    request: hi('gpt-4.1-nano', 'Invent a holiday.'),
    sentBody: simpleBody('gpt-4.1-nano', 'Invent a holiday.'),
    response: () => ({
      id: 'chatcmpl-D8Z5f52zQqikDBEKQMQoYcWMcWPeU',
      model: 'gpt-4.1-nano-2025-04-14',
      content: firstMessage('text.json').content as string,
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: {
        promptTokens: 16,
        completionTokens: 363,
        totalTokens: 379,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'tool-call.json': {
    request: {
      model: 'gpt-4o-mini',
      messages: [
        userMessage('Can the country of Crumpet have dragons? Answer with only YES or NO'),
      ],
      tools: toolsFromChatWire(recorded('tool-call.request.json').tools),
    },
    response: () => ({
      id: 'chatcmpl-BWpGNGdPONTwxHkZVxbqctQSBDmTn',
      model: 'gpt-4o-mini-2024-07-18',
      content: '',
      toolCalls: [
        {
          id: 'call_TTY8UFNo7rNCaOBUNtlRSvMG',
          type: 'function',
          function: { name: 'lookup_population', arguments: '{"country":"Crumpet"}' },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: {
        promptTokens: 92,
        completionTokens: 17,
        totalTokens: 109,
        reasoningTokens: 0,
        cachedTokens: 0,
      },
    }),
  },
  'tool-calls-parallel.json': {
    request: hi('gpt-4o-2024-08-06', 'Weather in Edinburgh and the AAPL price?'),
    sentBody: simpleBody('gpt-4o-2024-08-06', 'Weather in Edinburgh and the AAPL price?'),
    response: () => ({
      id: 'chatcmpl-ABfvyvfNWKcl7Ohqos4UFrmMs1v4C',
      model: 'gpt-4o-2024-08-06',
      content: '',
      toolCalls: [
        {
          id: 'call_fdNz3vOBKYgOIpMdWotB9MjY',
          type: 'function',
          function: {
            name: 'GetWeatherArgs',
            arguments: '{"city": "Edinburgh", "country": "GB", "units": "c"}',
          },
        },
        {
          id: 'call_h1DWI1POMJLb0KwIyQHWXD4p',
          type: 'function',
          function: {
            name: 'get_stock_price',
            arguments: '{"ticker": "AAPL", "exchange": "NASDAQ"}',
          },
        },
      ],
      finishReason: 'tool_calls',
      rawFinishReason: 'tool_calls',
      usage: { promptTokens: 149, completionTokens: 60, totalTokens: 209, reasoningTokens: 0 },
    }),
  },
  'usage-reasoning-tokens.json': {
    request: hi('o1-mini', 'What is the capital of France?'),
    response: () => ({
      id: 'chatcmpl-Buemyd13jFYbAyvwjYhO8PjkcuaAQ',
      model: 'o1-mini-2024-09-12',
      content: 'The capital of France is **Paris**.',
      toolCalls: [],
      finishReason: 'stop',
      rawFinishReason: 'stop',
      usage: {
        promptTokens: 14,
        completionTokens: 84,
        totalTokens: 98,
        reasoningTokens: 64,
        cachedTokens: 0,
      },
    }),
  },
};

/** The response fixtures of the folder (not requests, headers or the README). */
const FIXTURES = readdirSync(fixturePath(DIR))
  .filter((f) => /\.(json|sse|chunks\.jsonl)$/.test(f) && !/\.(request|headers)\.json$/.test(f))
  .sort();

const hasRequestFile = (name: string) =>
  readdirSync(fixturePath(DIR)).includes(name.replace(/\.(json|sse)$/, '.request.json'));

function routeFor(name: string, testCase: ChatCase) {
  return fixtureRoute({
    path: CHAT_PATH,
    fixture: `${DIR}/${name}`,
    ...(testCase.status === undefined ? {} : { status: testCase.status }),
    ...(testCase.headers === undefined ? {} : { headers: testCase.headers }),
  });
}

function expectError(error: unknown, expected: ErrorExpectation): void {
  expect(ProviderError.isInstance(error), String(error)).toBe(true);
  const providerError = error as ProviderError;
  expect(providerError.code).toBe(expected.code);
  expect(providerError.provider).toBe('openai');
  expect(providerError.retryable).toBe(expected.retryable);
  if (expected.status !== undefined) expect(providerError.status).toBe(expected.status);
  if (expected.providerCode !== undefined)
    expect(providerError.providerCode).toBe(expected.providerCode);
  expect(providerError.retryAfterMs).toBe(expected.retryAfterMs);
  if (expected.partial !== undefined) expect(providerError.partial).toMatchObject(expected.partial);
  expect(errorText(error)).not.toContain(TEST_API_KEY);
}

describe('openai-chat fixtures', () => {
  it('has a case for every fixture in the folder', () => {
    expect(Object.keys(CASES).sort()).toEqual(FIXTURES);
  });

  for (const name of FIXTURES) {
    const testCase = CASES[name] as ChatCase;
    const streaming = name.endsWith('.sse');

    it(`${name}: maps the answer and sends the equivalent request`, async () => {
      const server = await harness.serve(routeFor(name, testCase));
      const provider = harness.provider(server, { api: 'chat', ...testCase.provider });
      let result: { response?: ChatResponse; error?: unknown };
      if (streaming) {
        const stream = await provider.streamMessage(testCase.request);
        const drained = await drain(stream);
        result = drained;
        if (drained.response !== undefined) {
          // finish is last; usage, when there is any, comes before it.
          expect(drained.events.at(-1)?.type).toBe('finish');
          expect(drained.events.filter((e) => e.type === 'finish')).toHaveLength(1);
        }
      } else {
        result = await provider.sendMessage(testCase.request).then(
          (response) => ({ response }),
          (error: unknown) => ({ error }),
        );
      }
      if (testCase.error !== undefined) {
        expectError(result.error, testCase.error);
      } else {
        expect(result.error).toBeUndefined();
        expect(result.response).toEqual(testCase.response?.());
      }

      const sent = server.lastRequest();
      expect(sent?.path).toBe(CHAT_PATH);
      expect(sent?.headers.authorization).toBe(`Bearer ${TEST_API_KEY}`);
      if (hasRequestFile(name)) {
        expect(sent?.body).toEqual(
          expectedChatBody(name.replace(/\.(json|sse)$/, '.request.json')),
        );
      } else {
        expect(sent?.body).toEqual(testCase.sentBody);
      }
    });

    if (streaming) {
      it(`${name}: re-chunked at random byte boundaries gives the same result`, async () => {
        const bytes = fixtureBytes(`${DIR}/${name}`);
        for (const seed of [1, 7, 42]) {
          const server = await harness.serve(rechunkedSseRoute(CHAT_PATH, bytes, seed));
          const provider = harness.provider(server, { api: 'chat', ...testCase.provider });
          const drained = await drain(await provider.streamMessage(testCase.request));
          if (testCase.error !== undefined) expectError(drained.error, testCase.error);
          else expect(drained.response).toEqual(testCase.response?.());
        }
      });
    } else if (testCase.response !== undefined) {
      it(`${name}: streamed (derived stream) collect() deep-equals sendMessage()`, async () => {
        const body = recorded(name);
        const server = await harness.serve(
          { path: CHAT_PATH, times: 1, body },
          { path: CHAT_PATH, times: 1, sse: chatBodyToSse(body) },
        );
        const provider = harness.provider(server, { api: 'chat' });
        const sent = await provider.sendMessage(testCase.request);
        const collected = await (await provider.streamMessage(testCase.request)).collect();
        expect(collected).toStrictEqual(sent);
      });
    }
  }
});
