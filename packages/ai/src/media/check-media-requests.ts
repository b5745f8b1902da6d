import { ValidationError } from '../errors/validation-error.js';
import type {
  ImageRequest,
  SpeechFormat,
  SpeechRequest,
  TranscriptionRequest,
} from './media-requests.js';

/** Every speech format a `SpeechRequest` may name. */
export const SPEECH_FORMATS: readonly SpeechFormat[] = Object.freeze([
  'mp3',
  'opus',
  'aac',
  'flac',
  'wav',
  'pcm',
]);

const BACKGROUNDS = new Set(['transparent', 'opaque', 'auto']);

function record(value: unknown, name: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(name, 'must be an object');
  }
  return value as Record<string, unknown>;
}

function text(value: unknown, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ValidationError(name, 'must be a non-empty string');
  }
  return value;
}

function optionalText(value: unknown, name: string): void {
  if (value !== undefined && typeof value !== 'string') {
    throw new ValidationError(name, 'must be a string');
  }
}

function checkKeys(source: Record<string, unknown>, known: readonly string[], name: string): void {
  for (const key of Object.keys(source)) {
    if (!known.includes(key)) {
      throw new ValidationError(`${name}.${key}`, `is not an option (known: ${known.join(', ')})`);
    }
  }
  if (source.providerOptions !== undefined)
    record(source.providerOptions, `${name}.providerOptions`);
}

const IMAGE_KEYS = ['model', 'prompt', 'n', 'size', 'quality', 'background', 'providerOptions'];
const SPEECH_KEYS = ['model', 'text', 'voice', 'format', 'instructions', 'providerOptions'];
const TRANSCRIPTION_KEYS = ['model', 'audio', 'language', 'prompt', 'providerOptions'];

/**
 * Checks an image request's fields (no request is made).
 *
 * @throws ValidationError naming the bad field (`request.n`).
 */
export function checkImageRequest(request: ImageRequest): void {
  const source = record(request, 'request');
  checkKeys(source, IMAGE_KEYS, 'request');
  text(source.model, 'request.model');
  text(source.prompt, 'request.prompt');
  const n = source.n;
  if (n !== undefined && (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 10)) {
    throw new ValidationError('request.n', 'must be an integer from 1 to 10');
  }
  optionalText(source.size, 'request.size');
  optionalText(source.quality, 'request.quality');
  if (source.background !== undefined && !BACKGROUNDS.has(source.background as string)) {
    throw new ValidationError('request.background', 'must be "transparent", "opaque" or "auto"');
  }
}

/**
 * Checks a speech request's fields; `formats` are those the provider can produce.
 *
 * @throws ValidationError naming the bad field (`request.format`).
 */
export function checkSpeechRequest(
  request: SpeechRequest,
  formats: readonly SpeechFormat[] = SPEECH_FORMATS,
): void {
  const source = record(request, 'request');
  checkKeys(source, SPEECH_KEYS, 'request');
  text(source.model, 'request.model');
  text(source.text, 'request.text');
  text(source.voice, 'request.voice');
  if (source.format !== undefined && !formats.includes(source.format as SpeechFormat)) {
    throw new ValidationError(
      'request.format',
      `must be one of ${formats.join(', ')}, got ${JSON.stringify(source.format)}`,
    );
  }
  optionalText(source.instructions, 'request.instructions');
}

/**
 * Checks a transcription request's fields — not the audio's bytes, which `mediaBytes` checks as it
 * decodes them; `mimeTypes` are those the provider takes (any `audio/*` when unset).
 *
 * @throws ValidationError naming the bad field (`request.audio.mimeType`).
 */
export function checkTranscriptionRequest(
  request: TranscriptionRequest,
  mimeTypes?: readonly string[],
): void {
  const source = record(request, 'request');
  checkKeys(source, TRANSCRIPTION_KEYS, 'request');
  text(source.model, 'request.model');
  const audio = record(source.audio, 'request.audio');
  const mimeType = audio.mimeType;
  if (typeof mimeType !== 'string' || !mimeType.includes('/')) {
    throw new ValidationError('request.audio.mimeType', 'must be a MIME type such as "audio/mpeg"');
  }
  const bare = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mimeTypes === undefined ? !/^(audio|video)\//.test(bare) : !mimeTypes.includes(bare)) {
    throw new ValidationError(
      'request.audio.mimeType',
      `${JSON.stringify(mimeType)} is not an audio type the API takes${mimeTypes === undefined ? '' : ` (${mimeTypes.join(', ')})`}`,
    );
  }
  optionalText(audio.filename, 'request.audio.filename');
  optionalText(source.language, 'request.language');
  optionalText(source.prompt, 'request.prompt');
}
