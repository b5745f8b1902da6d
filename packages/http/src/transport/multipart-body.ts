import { randomUUID } from 'node:crypto';
import { ValidationError } from '@aigo/ai';

/** One part of a multipart form: a text field, or a file. */
export type MultipartPart =
  | { readonly name: string; readonly value: string }
  | {
      readonly name: string;
      readonly filename: string;
      readonly contentType: string;
      readonly data: Uint8Array;
    };

/** A multipart body as the chunks to write (file bytes sent as they are, not copied). */
export interface MultipartBody {
  readonly contentType: string;
  readonly chunks: readonly Uint8Array[];
  readonly length: number;
}

/** Characters a part's name, file name or content type may not hold (they would break the framing). */
const UNSAFE = /["\r\n]/;

/**
 * Encodes `parts` as `multipart/form-data` (RFC 7578): small headers around each part, the file
 * bytes themselves as chunks of their own, so a 25 MB upload is never copied into one buffer.
 *
 * @throws ValidationError naming the bad part (`parts[1].filename`).
 */
export function encodeMultipart(parts: readonly MultipartPart[]): MultipartBody {
  if (!Array.isArray(parts) || parts.length === 0) {
    throw new ValidationError('parts', 'must be a non-empty array of multipart parts');
  }
  const boundary = `----aigo-${randomUUID()}`;
  const chunks: Uint8Array[] = [];
  let length = 0;
  const push = (chunk: Uint8Array): void => {
    chunks.push(chunk);
    length += chunk.byteLength;
  };
  parts.forEach((part, index) => {
    const at = `parts[${index}]`;
    if (part === null || typeof part !== 'object') {
      throw new ValidationError(
        at,
        'must be { name, value } or { name, filename, contentType, data }',
      );
    }
    safe(part.name, `${at}.name`);
    if ('value' in part) {
      if (typeof part.value !== 'string')
        throw new ValidationError(`${at}.value`, 'must be a string');
      push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
      return;
    }
    safe(part.filename, `${at}.filename`);
    safe(part.contentType, `${at}.contentType`);
    if (!(part.data instanceof Uint8Array)) {
      throw new ValidationError(`${at}.data`, 'must be a Uint8Array');
    }
    push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      ),
    );
    push(part.data);
    push(Buffer.from('\r\n'));
  });
  push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, chunks, length };
}

function safe(value: unknown, field: string): void {
  if (typeof value !== 'string' || value === '' || UNSAFE.test(value)) {
    throw new ValidationError(field, 'must be a non-empty string without quotes or line breaks');
  }
}
