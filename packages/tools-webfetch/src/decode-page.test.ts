import { AigoError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { decodePage, isReadableMediaType } from './decode-page.js';

describe('isReadableMediaType', () => {
  it.each([
    '',
    'text/html',
    'application/xhtml+xml',
    'text/plain',
    'text/markdown',
    'application/json',
    'application/ld+json',
    'application/xml',
    'application/rss+xml',
    'image/svg+xml',
    'application/javascript',
    'application/x-javascript',
    'application/ecmascript',
  ])('reads %j', (mediaType) => {
    expect(isReadableMediaType(mediaType)).toBe(true);
  });

  it.each([
    'application/pdf',
    'image/png',
    'application/octet-stream',
    'application/zip',
    'video/mp4',
  ])('refuses %s', (mediaType) => {
    expect(isReadableMediaType(mediaType)).toBe(false);
  });
});

describe('decodePage', () => {
  const bytes = (text: string, encoding: BufferEncoding = 'utf8') => Buffer.from(text, encoding);

  it('decodes with the Content-Type charset, else a <meta> charset, else UTF-8', () => {
    expect(decodePage(bytes('caf\xe9', 'latin1'), 'text/plain', 'iso-8859-1', 'u').text).toBe(
      'café',
    );
    const latin1Html = bytes('<html><meta charset="iso-8859-1"><p>caf\xe9</p></html>', 'latin1');
    expect(decodePage(latin1Html, 'text/html', undefined, 'u')).toEqual({
      kind: 'html',
      text: '<html><meta charset="iso-8859-1"><p>café</p></html>',
    });
    expect(decodePage(bytes('café'), 'text/plain', 'no-such-charset', 'u').text).toBe('café');
  });

  it('sniffs a body without a media type: HTML, text, or binary (refused)', () => {
    expect(decodePage(bytes('<!DOCTYPE html><p>x</p>'), '', undefined, 'u').kind).toBe('html');
    expect(decodePage(bytes('just words'), '', undefined, 'u').kind).toBe('text');
    const error = (() => {
      try {
        return decodePage(Uint8Array.from([0x89, 0x50, 0x00, 0x01]), '', undefined, 'https://x/');
      } catch (caught) {
        return caught;
      }
    })();
    expect(AigoError.isInstance(error) && error.code).toBe('unsupported');
    expect((error as Error).message).toContain('https://x/');
  });
});
