import { AigoError } from '@aigo/ai';
import { decodeText, isTextMediaType } from '@aigo/http';

/** How a fetched body is treated. */
export type PageKind = 'html' | 'text';

/** A body's kind and text. */
export interface DecodedPage {
  readonly kind: PageKind;
  readonly text: string;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * True for the media types WebFetch reads: a missing type (sniffed afterwards) and every text type of
 * `@aigo/http`'s `isTextMediaType` — HTML, any `text/*`, JSON, XML and their `+json`/`+xml` kin,
 * JavaScript. Everything else (images, PDF, archives, `application/octet-stream`) is refused before
 * its body is read.
 */
export function isReadableMediaType(mediaType: string): boolean {
  return mediaType === '' || isTextMediaType(mediaType);
}

/**
 * Decodes a body: the `Content-Type` charset, else a `<meta charset>` in the first 2 KiB of HTML, else
 * UTF-8. A body without a media type is sniffed: NUL bytes mean binary (refused), `<!doctype html` or
 * `<html` mean HTML, anything else is text.
 */
export function decodePage(
  bytes: Uint8Array,
  mediaType: string,
  charset: string | undefined,
  url: string,
): DecodedPage {
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('latin1');
  let kind: PageKind;
  if (mediaType === '') {
    if (head.includes('\0')) {
      throw new AigoError(
        'unsupported',
        `${url} returned binary data without a content type; WebFetch reads HTML and text only`,
      );
    }
    kind = /<!doctype\s+html|<html[\s>]/i.test(head) ? 'html' : 'text';
  } else {
    kind = HTML_TYPES.has(mediaType) ? 'html' : 'text';
  }
  let label = charset;
  if (label === undefined && kind === 'html') {
    const meta =
      /<meta[^>]+charset\s*=\s*["']?\s*([\w-]+)/i.exec(head) ??
      /<meta[^>]+content\s*=\s*["'][^"']*charset=([\w-]+)/i.exec(head);
    label = meta?.[1]?.toLowerCase();
  }
  return { kind, text: decodeText(bytes, label) };
}
