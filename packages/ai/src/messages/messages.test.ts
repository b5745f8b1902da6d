import { describe, expect, it } from 'vitest';
import type { ChatResponse } from '../chat/chat-response.js';
import { isStopMessage } from '../chat/chat-response.js';
import { isStreamProvider, type Provider, type StreamProvider } from '../chat/provider.js';
import { addUsage } from '../chat/usage.js';
import { ValidationError } from '../errors/validation-error.js';
import { ChatStream } from '../stream/chat-stream.js';
import { isProviderTool } from '../tools/tool-description.js';
import {
  audioPart,
  documentPartFromUri,
  imagePart,
  imagePartFromUri,
  textPart,
  videoPart,
} from './content-part.js';
import { assistantMessage, messageText, toolMessage, userMessage } from './message.js';
import { toAssistantMessage } from './to-assistant-message.js';

describe('content parts', () => {
  it('build base64 and URI parts', () => {
    expect(imagePart(new Uint8Array([1, 2, 3]), 'image/png')).toEqual({
      type: 'image',
      mimeType: 'image/png',
      data: 'AQID',
    });
    expect(imagePartFromUri('https://example.com/a.png')).toEqual({
      type: 'image',
      mimeType: undefined,
      uri: 'https://example.com/a.png',
    });
    expect(audioPart('AAAA', 'audio/wav').type).toBe('audio');
    expect(videoPart('AAAA', 'video/mp4').type).toBe('video');
    expect(
      documentPartFromUri('gs://b/doc.pdf', 'application/pdf', { filename: 'doc.pdf' }),
    ).toEqual({
      type: 'document',
      mimeType: 'application/pdf',
      uri: 'gs://b/doc.pdf',
      filename: 'doc.pdf',
    });
  });

  it('reject bad input with the argument named', () => {
    expect(() => imagePart('data:image/png;base64,AAAA', 'image/png')).toThrow(/data: URL/);
    expect(() => imagePart('AAAA', 'png')).toThrow(ValidationError);
    expect(() => imagePartFromUri('')).toThrow(/uri/);
    expect(() => textPart(3 as never)).toThrow(/text/);
  });
});

describe('messages', () => {
  it('build each role', () => {
    expect(userMessage('hi')).toEqual({ role: 'user', content: 'hi' });
    expect(assistantMessage('ok', [])).toEqual({ role: 'assistant', content: 'ok' });
    expect(toolMessage('call_1', '42', 'calc')).toEqual({
      role: 'tool',
      content: '42',
      toolCallId: 'call_1',
      name: 'calc',
    });
    expect(messageText(userMessage([textPart('a'), imagePartFromUri('x'), textPart('b')]))).toBe(
      'ab',
    );
    expect(() => userMessage(undefined as never)).toThrow(ValidationError);
    expect(() => toolMessage(undefined as never, 'x')).toThrow(/toolCallId/);
  });

  it('toolMessage takes content parts: text first, then the media a tool produced', () => {
    const parts = [textPart('{"ok":true}'), imagePart('iVBORw0KGgo=', 'image/png')];
    expect(toolMessage('call_2', parts, 'screenshot')).toEqual({
      role: 'tool',
      content: parts,
      toolCallId: 'call_2',
      name: 'screenshot',
    });
    expect(messageText(toolMessage('call_2', parts))).toBe('{"ok":true}');
  });

  it('toolMessage rejects parts that are not content parts, naming the part', () => {
    expect(() => toolMessage('c', [textPart('a'), { type: 'image' } as never])).toThrow(
      /content\[1\]/,
    );
    expect(() => toolMessage('c', [{ type: 'text', text: 3 } as never])).toThrow(
      /content\[0\]\.text/,
    );
    expect(() =>
      toolMessage('c', [{ type: 'image', mimeType: 'image/png', data: 1 } as never]),
    ).toThrow(/content\[0\]\.data/);
    expect(() => toolMessage('c', [{ type: 'sticker' } as never])).toThrow(/content\[0\]\.type/);
    expect(() => toolMessage('c', 42 as never)).toThrow(ValidationError);
  });

  it('toAssistantMessage keeps everything a later turn needs', () => {
    const response: ChatResponse = {
      id: 'r',
      model: 'm',
      content: 'Calling',
      toolCalls: [
        {
          id: 'c1',
          type: 'function',
          function: { name: 'f', arguments: '{}' },
          providerMetadata: { gemini: { thoughtSignature: 'sig' } },
        },
      ],
      finishReason: 'tool_calls',
      reasoning: 'thinking',
      codeExecutions: [{ language: 'python', code: '1' }],
      providerMetadata: { openai: { reasoningItems: [{ id: 'rs_1' }] } },
      usage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
    };
    expect(toAssistantMessage(response)).toEqual({
      role: 'assistant',
      content: 'Calling',
      toolCalls: response.toolCalls,
      reasoning: 'thinking',
      codeExecutions: response.codeExecutions,
      providerMetadata: response.providerMetadata,
    });
    expect(() => toAssistantMessage(undefined as never)).toThrow(ValidationError);
  });

  it('isStopMessage is true only without tool calls', () => {
    expect(isStopMessage(undefined)).toBe(true);
    expect(isStopMessage({ toolCalls: [] })).toBe(true);
    expect(
      isStopMessage({
        toolCalls: [{ id: 'a', type: 'function', function: { name: 'f', arguments: '' } }],
      }),
    ).toBe(false);
  });
});

describe('providers and tools', () => {
  it('isStreamProvider detects streamMessage', () => {
    const plain: Provider = {
      id: 'p',
      sendMessage: async () => {
        throw new Error('x');
      },
    };
    const streaming: StreamProvider = {
      ...plain,
      streamMessage: async () =>
        ChatStream.fromResponse({
          id: '',
          model: '',
          content: '',
          toolCalls: [],
          finishReason: 'stop',
        }),
    };
    expect(isStreamProvider(plain)).toBe(false);
    expect(isStreamProvider(streaming)).toBe(true);
  });

  it('isProviderTool tells provider tools from function tools', () => {
    expect(isProviderTool({ type: 'provider', id: 'gemini.google_search' })).toBe(true);
    expect(isProviderTool({ name: 'f', description: 'd', parameters: {} })).toBe(false);
  });
});

describe('addUsage', () => {
  it('adds counts and keeps unknown optional counts undefined', () => {
    const a = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };
    const b = { promptTokens: 1, completionTokens: 2, totalTokens: 3, cachedTokens: 1 };
    expect(addUsage(a, b)).toEqual({
      promptTokens: 11,
      completionTokens: 7,
      totalTokens: 18,
      cachedTokens: 1,
    });
    expect(addUsage(a, a)).not.toHaveProperty('cachedTokens');
    expect(addUsage(undefined, a)).toBe(a);
    expect(addUsage(a, undefined)).toBe(a);
  });
});
