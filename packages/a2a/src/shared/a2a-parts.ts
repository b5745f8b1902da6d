import type { Part } from '@a2a-js/sdk';
import type { ContentPart, GeneratedMedia, JsonValue, MediaKind, MediaPart } from '@aigo/ai';

/** What A2A parts (a message's or an artifact's) hold, in aigo's terms. */
export interface PartsContent {
  /** The text parts, in order. */
  readonly texts: string[];
  /** The data parts' values, in order. */
  readonly data: JsonValue[];
  /** The file parts, as aigo media parts (a URL part by reference, raw bytes as base64). */
  readonly files: ContentPart[];
}

/** The media kind of a MIME type: images, audio and video by their top type, anything else a document. */
export function mediaKindOf(mediaType: string | undefined): MediaKind {
  if (mediaType?.startsWith('image/')) return 'image';
  if (mediaType?.startsWith('audio/')) return 'audio';
  if (mediaType?.startsWith('video/')) return 'video';
  return 'document';
}

/** Sorts A2A parts into text, data and files. Parts of an unknown kind are skipped. */
export function readParts(parts: readonly Part[] | undefined, into?: PartsContent): PartsContent {
  const content: PartsContent = into ?? { texts: [], data: [], files: [] };
  for (const part of parts ?? []) {
    const value = part.content;
    if (value === undefined) continue;
    const mimeType = part.mediaType === '' ? undefined : part.mediaType;
    const filename = part.filename === '' ? {} : { filename: part.filename };
    switch (value.$case) {
      case 'text':
        content.texts.push(value.value);
        break;
      case 'data':
        content.data.push((value.value ?? null) as JsonValue);
        break;
      case 'url': {
        const file: MediaPart = {
          type: mediaKindOf(mimeType),
          mimeType,
          uri: value.value,
          ...filename,
        };
        content.files.push(file);
        break;
      }
      case 'raw': {
        const file: MediaPart = {
          type: mediaKindOf(mimeType),
          mimeType: mimeType ?? 'application/octet-stream',
          data: Buffer.from(value.value).toString('base64'),
          ...filename,
        };
        content.files.push(file);
        break;
      }
    }
  }
  return content;
}

/** An A2A text part. */
export function textA2APart(text: string): Part {
  return {
    content: { $case: 'text', value: text },
    metadata: undefined,
    filename: '',
    mediaType: '',
  };
}

/** An A2A data part (a JSON value). */
export function dataA2APart(value: JsonValue): Part {
  return {
    content: { $case: 'data', value },
    metadata: undefined,
    filename: '',
    mediaType: 'application/json',
  };
}

/** An aigo content part as an A2A part: text as text, media by URL or as raw bytes. */
export function contentToA2APart(part: ContentPart): Part {
  if (part.type === 'text') return textA2APart(part.text);
  const base = {
    metadata: undefined,
    filename: part.filename ?? '',
    mediaType: part.mimeType ?? '',
  };
  if (part.uri !== undefined) return { ...base, content: { $case: 'url', value: part.uri } };
  return { ...base, content: { $case: 'raw', value: Buffer.from(part.data ?? '', 'base64') } };
}

/** Media a model made (an image, audio, a video) as an A2A file part: inline bytes, or its URI. */
export function generatedMediaA2APart(media: GeneratedMedia): Part {
  const base = { metadata: undefined, filename: '', mediaType: media.mimeType };
  if (media.data === undefined && media.uri !== undefined) {
    return { ...base, content: { $case: 'url', value: media.uri } };
  }
  return { ...base, content: { $case: 'raw', value: Buffer.from(media.data ?? '', 'base64') } };
}
