import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors/validation-error.js';
import { base64ByteLength, mediaBytes } from './base64-bytes.js';

describe('mediaBytes', () => {
  it('decodes base64 once and takes bytes as they are', () => {
    const bytes = new Uint8Array([1, 2, 3, 4, 5]);
    const base64 = Buffer.from(bytes).toString('base64');
    expect([...mediaBytes(base64, 'audio.data')]).toEqual([1, 2, 3, 4, 5]);
    expect(mediaBytes(bytes, 'audio.data')).toBe(bytes);
    expect(base64ByteLength(base64)).toBe(5);
  });

  it.each([
    ['abc$', 'stray characters'],
    ['AAAAA', 'a cut-off end'],
    ['data:audio/mp3;base64,AAAA', 'a data: URL'],
  ])('refuses %j (%s), naming the field', (text) => {
    expect(() => mediaBytes(text, 'request.audio.data')).toThrow(ValidationError);
    try {
      mediaBytes(text, 'request.audio.data');
    } catch (error) {
      expect((error as ValidationError).argument).toBe('request.audio.data');
    }
  });

  it('refuses an empty file and one over the limit before decoding', () => {
    expect(() => mediaBytes('', 'f')).toThrow(/empty/);
    expect(() => mediaBytes(new Uint8Array(0), 'f')).toThrow(/empty/);
    expect(() => mediaBytes('AAAAAAAA', 'f', 5)).toThrow(/6 bytes, over the API's limit of 5/);
    expect(() => mediaBytes(42, 'f')).toThrow(/base64 string or a Uint8Array/);
  });
});
