import { ValidationError } from '../errors/validation-error.js';
import type { ProviderMetadata } from '../json.js';

/** The kinds of media a message part can carry. */
export type MediaKind = 'image' | 'audio' | 'video' | 'document';

/** A text part of a message. */
export interface TextPart {
  readonly type: 'text';
  readonly text: string;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * A media part: exactly one of `data` (base64, no `data:` prefix) or `uri` (https, gs://, a Files API
 * URI…), with its MIME type. A URI part may omit the MIME type when the provider can infer it.
 */
export interface MediaPart<Kind extends MediaKind = MediaKind> {
  readonly type: Kind;
  readonly mimeType: string | undefined;
  readonly data?: string;
  readonly uri?: string;
  /** A file name, sent where the provider takes one (OpenAI `file` parts). */
  readonly filename?: string;
  readonly providerMetadata?: ProviderMetadata;
}

export type ImagePart = MediaPart<'image'>;
export type AudioPart = MediaPart<'audio'>;
export type VideoPart = MediaPart<'video'>;
export type DocumentPart = MediaPart<'document'>;

/** One part of a multimodal message. */
export type ContentPart = TextPart | ImagePart | AudioPart | VideoPart | DocumentPart;

/** Options shared by the media part constructors. */
export interface MediaPartOptions {
  readonly filename?: string;
  readonly providerMetadata?: ProviderMetadata;
}

/** Builds a text part. */
export function textPart(text: string, providerMetadata?: ProviderMetadata): TextPart {
  if (typeof text !== 'string') throw new ValidationError('text', 'must be a string');
  return providerMetadata === undefined
    ? { type: 'text', text }
    : { type: 'text', text, providerMetadata };
}

function mediaFromData<Kind extends MediaKind>(
  type: Kind,
  data: string | Uint8Array,
  mimeType: string,
  options: MediaPartOptions | undefined,
): MediaPart<Kind> {
  if (typeof mimeType !== 'string' || !mimeType.includes('/')) {
    throw new ValidationError(
      'mimeType',
      `must be a MIME type such as "image/png", got ${String(mimeType)}`,
    );
  }
  let base64: string;
  if (typeof data === 'string') {
    if (data.startsWith('data:')) {
      throw new ValidationError(
        'data',
        'must be plain base64, not a data: URL (use the FromUri constructor for URLs)',
      );
    }
    base64 = data;
  } else if (data instanceof Uint8Array) {
    base64 = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64');
  } else {
    throw new ValidationError('data', 'must be a base64 string or a Uint8Array');
  }
  return { type, mimeType, data: base64, ...options };
}

function mediaFromUri<Kind extends MediaKind>(
  type: Kind,
  uri: string,
  mimeType: string | undefined,
  options: MediaPartOptions | undefined,
): MediaPart<Kind> {
  if (typeof uri !== 'string' || uri.length === 0) {
    throw new ValidationError('uri', 'must be a non-empty string');
  }
  if (mimeType !== undefined && (typeof mimeType !== 'string' || !mimeType.includes('/'))) {
    throw new ValidationError(
      'mimeType',
      `must be a MIME type such as "image/png", got ${String(mimeType)}`,
    );
  }
  return { type, mimeType, uri, ...options };
}

/** An image from base64 data or bytes. */
export const imagePart = (
  data: string | Uint8Array,
  mimeType: string,
  options?: MediaPartOptions,
): ImagePart => mediaFromData('image', data, mimeType, options);
/** An image by URL. */
export const imagePartFromUri = (
  uri: string,
  mimeType?: string,
  options?: MediaPartOptions,
): ImagePart => mediaFromUri('image', uri, mimeType, options);
/** Audio from base64 data or bytes. */
export const audioPart = (
  data: string | Uint8Array,
  mimeType: string,
  options?: MediaPartOptions,
): AudioPart => mediaFromData('audio', data, mimeType, options);
/** Audio by URI. */
export const audioPartFromUri = (
  uri: string,
  mimeType?: string,
  options?: MediaPartOptions,
): AudioPart => mediaFromUri('audio', uri, mimeType, options);
/** Video from base64 data or bytes. */
export const videoPart = (
  data: string | Uint8Array,
  mimeType: string,
  options?: MediaPartOptions,
): VideoPart => mediaFromData('video', data, mimeType, options);
/** Video by URI. */
export const videoPartFromUri = (
  uri: string,
  mimeType?: string,
  options?: MediaPartOptions,
): VideoPart => mediaFromUri('video', uri, mimeType, options);
/** A document (PDF, plain text…) from base64 data or bytes. */
export const documentPart = (
  data: string | Uint8Array,
  mimeType: string,
  options?: MediaPartOptions,
): DocumentPart => mediaFromData('document', data, mimeType, options);
/** A document by URI. */
export const documentPartFromUri = (
  uri: string,
  mimeType?: string,
  options?: MediaPartOptions,
): DocumentPart => mediaFromUri('document', uri, mimeType, options);
