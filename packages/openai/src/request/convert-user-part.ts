import { type ContentPart, type DocumentPart, type ImagePart, ValidationError } from '@aigo/ai';
import { audioFormatOf } from './media.js';

/** An audio part of either API: base64 WAV or MP3 (`input_audio`). */
export interface OpenAIInputAudioPart {
  type: 'input_audio';
  input_audio: { data: string; format: 'wav' | 'mp3' };
}

/** How one API writes the parts whose shape is its own; the rest of a part's conversion is shared. */
export interface UserPartWriter<Part> {
  /** The API's name in errors (`OpenAI Chat Completions API`). */
  readonly api: string;
  text(text: string): Part;
  image(part: ImagePart, where: string): Part;
  document(part: DocumentPart, where: string): Part;
}

/**
 * One content part of a user message in an API's shape: text, image and document as `writer` writes
 * them, audio as `input_audio` (base64 wav or mp3 only). A video part, or a part of an unknown type,
 * is a `ValidationError` naming it (`where`), never a silent drop.
 */
export function convertUserPart<Part>(
  part: ContentPart,
  where: string,
  writer: UserPartWriter<Part>,
): Part | OpenAIInputAudioPart {
  switch (part.type) {
    case 'text':
      return writer.text(part.text);
    case 'image':
      return writer.image(part, where);
    case 'audio':
      return {
        type: 'input_audio',
        input_audio: {
          data: part.data ?? '',
          format: audioFormatOf(part, where, `the ${writer.api}`),
        },
      };
    case 'document':
      return writer.document(part, where);
    case 'video':
      throw new ValidationError(where, `the ${writer.api} cannot take a video part`);
    default:
      throw new ValidationError(
        where,
        `unknown part type ${JSON.stringify((part as { type?: unknown }).type)}`,
      );
  }
}
