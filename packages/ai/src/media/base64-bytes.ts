import { ValidationError } from '../errors/validation-error.js';

/** Plain or URL-safe base64, padded or not: letters, digits, `+/-_`, at most two `=` at the end. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * The number of bytes a base64 string decodes to, without decoding it (so a size limit is checked
 * before any copy is made). Assumes `text` passed {@link checkBase64}.
 */
export function base64ByteLength(text: string): number {
  let padding = 0;
  if (text.endsWith('==')) padding = 2;
  else if (text.endsWith('=')) padding = 1;
  return Math.floor(((text.length - padding) * 3) / 4);
}

/**
 * Checks that `text` is base64 that decodes (no `data:` prefix, no stray characters, a length that
 * is not one past a multiple of four).
 *
 * @throws ValidationError naming `field`.
 */
export function checkBase64(text: string, field: string): void {
  if (text.startsWith('data:')) {
    throw new ValidationError(field, 'must be plain base64, not a data: URL');
  }
  const unpadded = text.replace(/=+$/, '');
  if (!BASE64.test(text) || unpadded.length % 4 === 1) {
    throw new ValidationError(
      field,
      'is not base64 that decodes (stray characters or a cut-off end)',
    );
  }
}

/**
 * The bytes of `data` — a base64 string checked and decoded once, or bytes taken as they are (no
 * copy) — with `maxBytes` checked before decoding and an empty input refused.
 *
 * @throws ValidationError naming `field` for base64 that does not decode, no bytes, or more than
 *   `maxBytes`.
 */
export function mediaBytes(data: unknown, field: string, maxBytes?: number): Uint8Array {
  let size: number;
  if (typeof data === 'string') {
    checkBase64(data, field);
    size = base64ByteLength(data);
  } else if (data instanceof Uint8Array) {
    size = data.byteLength;
  } else {
    throw new ValidationError(field, 'must be a base64 string or a Uint8Array');
  }
  if (size === 0) throw new ValidationError(field, 'is empty: there is nothing to send');
  if (maxBytes !== undefined && size > maxBytes) {
    throw new ValidationError(
      field,
      `is ${size} bytes, over the API's limit of ${maxBytes} bytes (checked before upload)`,
    );
  }
  if (typeof data !== 'string') return data as Uint8Array;
  return Buffer.from(data, 'base64');
}
