import { AigoError } from '@aigo/ai';

/** How a fetched body is treated. */
export type PageKind = 'html' | 'text';

/** A body's kind and text. */
export interface DecodedPage {
  readonly kind: PageKind;
  readonly text: string;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/**
 * True for the media types WebFetch reads: HTML, any `text/*`, JSON, XML and their `+json`/`+xml`
 * kin, JavaScript, and a missing type (sniffed afterwards). Everything else (images, PDF, archives,
 * `application/octet-stream`) is refused before its body is read.
 */
export function isReadableMediaType(mediaType: string): boolean {
  return (
    mediaType === '' ||
    HTML_TYPES.has(mediaType) ||
    mediaType.startsWith('text/') ||
    mediaType.endsWith('+json') ||
    mediaType.endsWith('+xml') ||
    mediaType === 'application/json' ||
    mediaType === 'application/xml' ||
    mediaType === 'application/javascript' ||
    mediaType === 'application/x-javascript'
  );
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
  return { kind, text: decode(bytes, label) };
}

function decode(bytes: Uint8Array, label: string | undefined): string {
  if (label !== undefined) {
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // Unknown label: UTF-8 below.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}
