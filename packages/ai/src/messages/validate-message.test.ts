import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import { setOwn, validateMessage } from './validate-message.js';

describe('validateMessage', () => {
  it('copies a whole message, dropping fields a Message does not have', () => {
    const input = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'hi' },
        { type: 'image', mimeType: 'image/png', uri: 'https://x/a.png' },
      ],
      toolCalls: [
        {
          id: 'c1',
          type: 'function',
          function: { name: 'f', arguments: '{}' },
          providerMetadata: { gemini: { sig: 'a' } },
        },
      ],
      reasoning: 'r',
      providerMetadata: { openai: { items: [1, { a: null }] } },
      extra: 'dropped',
    };
    const copy = validateMessage(input, 'messages[0]');
    expect(copy).toEqual({
      role: 'assistant',
      content: input.content,
      toolCalls: input.toolCalls,
      reasoning: 'r',
      providerMetadata: input.providerMetadata,
    });
    expect(copy.toolCalls).not.toBe(input.toolCalls);
  });

  it('names the first bad field', () => {
    const cases: [unknown, string][] = [
      [null, 'messages[0]'],
      [{ role: 'bogus', content: '' }, 'messages[0].role'],
      [{ role: 'user', content: 3 }, 'messages[0].content'],
      [{ role: 'tool', content: 'x' }, 'messages[0].toolCallId'],
      [{ role: 'user', content: '', toolCalls: [] }, 'messages[0].toolCalls'],
      [
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: '', type: 'function', function: { name: 'f', arguments: '' } }],
        },
        'messages[0].toolCalls[0].id',
      ],
      [
        { role: 'user', content: [{ type: 'image', mimeType: 'image/png' }] },
        'messages[0].content[0]',
      ],
      [
        { role: 'user', content: '', providerMetadata: { p: { n: Number.NaN } } },
        'messages[0].providerMetadata.p.n',
      ],
      [
        { role: 'user', content: '', providerMetadata: { p: new Date() } },
        'messages[0].providerMetadata.p',
      ],
    ];
    for (const [value, argument] of cases) {
      const error = (() => {
        try {
          validateMessage(value, 'messages[0]');
        } catch (e) {
          return e;
        }
      })();
      expect(ValidationError.isInstance(error), JSON.stringify(value)).toBe(true);
      expect((error as ValidationError).argument).toBe(argument);
    }
  });

  it('keeps a __proto__ key in metadata as data', () => {
    const metadata = JSON.parse('{"p":{"__proto__":{"x":1}}}');
    const copy = validateMessage({ role: 'user', content: '', providerMetadata: metadata });
    expect(Object.keys(copy.providerMetadata?.p ?? {})).toEqual(['__proto__']);
    const target: Record<string, unknown> = {};
    setOwn(target, '__proto__', 1);
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
  });
});
