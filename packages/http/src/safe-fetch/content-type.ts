/** A `Content-Type` header split into its media type and charset. */
export interface ContentType {
  /** The media type, lower-case (`text/html`); `''` when the header is missing. */
  readonly mediaType: string;
  /** The `charset` parameter, lower-case, when present. */
  readonly charset: string | undefined;
}

/** Splits a `Content-Type` header value (`text/html; charset=UTF-8`). */
export function parseContentType(value: string | readonly string[] | undefined): ContentType {
  const header = Array.isArray(value) ? (value[0] ?? '') : ((value as string | undefined) ?? '');
  const [type = '', ...parameters] = header.split(';');
  let charset: string | undefined;
  for (const parameter of parameters) {
    const match = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(parameter);
    if (match?.[1] !== undefined) charset = match[1].toLowerCase();
  }
  return { mediaType: type.trim().toLowerCase(), charset };
}

/** Decodes bytes in `charset` (any label the WHATWG Encoding standard knows), UTF-8 when unknown. */
export function decodeText(bytes: Uint8Array, charset: string | undefined): string {
  if (charset !== undefined) {
    try {
      return new TextDecoder(charset).decode(bytes);
    } catch {
      // An unknown label: fall through to UTF-8, the web's default.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}

/**
 * True for media types that are text: `text/*`, JSON, XML, JavaScript, and the `+json` / `+xml`
 * families (`application/ld+json`, `application/rss+xml`, `image/svg+xml`).
 */
export function isTextMediaType(mediaType: string): boolean {
  return (
    mediaType.startsWith('text/') ||
    mediaType.endsWith('+json') ||
    mediaType.endsWith('+xml') ||
    mediaType === 'application/json' ||
    mediaType === 'application/xml' ||
    mediaType === 'application/javascript' ||
    mediaType === 'application/x-javascript' ||
    mediaType === 'application/ecmascript'
  );
}
