import { type MediaPart, ValidationError } from '@aigo/ai';

/** The OpenAI `image_url` of an image part: its URI, or a `data:` URL of its base64 data. */
export function imageUrlOf(part: MediaPart, where: string): string {
  if (part.uri !== undefined) return part.uri;
  return dataUrlOf(part, where);
}

/** A `data:<mime>;base64,<data>` URL of a part given as data. */
export function dataUrlOf(part: MediaPart, where: string): string {
  if (typeof part.data !== 'string' || part.data === '') {
    throw new ValidationError(where, `a ${part.type} part needs base64 data or a uri`);
  }
  if (typeof part.mimeType !== 'string' || part.mimeType === '') {
    throw new ValidationError(where, `a ${part.type} part given as data needs a mimeType`);
  }
  return `data:${part.mimeType};base64,${part.data}`;
}

const AUDIO_FORMATS: Readonly<Record<string, 'wav' | 'mp3'>> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mpeg3': 'mp3',
  'audio/x-mpeg-3': 'mp3',
};

/**
 * The `input_audio.format` for an audio part: OpenAI takes base64 WAV or MP3 only. Anything else
 * (a URI, another codec) is an error naming the part, never a silent drop.
 */
export function audioFormatOf(part: MediaPart, where: string, api: string): 'wav' | 'mp3' {
  if (part.data === undefined) {
    throw new ValidationError(
      where,
      `the ${api} takes audio only as base64 data (wav or mp3), not by uri`,
    );
  }
  const mime = (part.mimeType ?? '').trim().toLowerCase().split(';')[0] ?? '';
  const format = AUDIO_FORMATS[mime];
  if (format === undefined) {
    throw new ValidationError(
      where,
      `the ${api} takes audio as wav or mp3, got mimeType ${JSON.stringify(part.mimeType)}`,
    );
  }
  return format;
}

/** A file name for a document sent as data: the part's own, else one from its MIME type. */
export function filenameOf(part: MediaPart): string {
  if (part.filename !== undefined && part.filename !== '') return part.filename;
  const mime = (part.mimeType ?? '').toLowerCase();
  if (mime === 'application/pdf') return 'document.pdf';
  if (mime === 'text/plain') return 'document.txt';
  return 'document';
}

/** True for an OpenAI Files API id (`file-…`) given as a part's uri. */
export function isOpenAIFileId(uri: string): boolean {
  return /^file-[A-Za-z0-9_-]+$/.test(uri);
}

/** The `detail` an image part asks for through `providerMetadata.openai.imageDetail`. */
export function imageDetailOf(part: MediaPart): 'auto' | 'low' | 'high' | undefined {
  const detail = part.providerMetadata?.openai?.imageDetail;
  return detail === 'auto' || detail === 'low' || detail === 'high' ? detail : undefined;
}
