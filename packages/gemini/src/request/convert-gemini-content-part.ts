import { type ContentPart, ValidationError } from '@aigo/ai';
import { readGeminiMetadata } from '../shared/gemini-provider-metadata.js';
import type { GeminiPart } from '../wire/gemini-api.js';

/**
 * One message content part as a Gemini part: text → `text`; image, audio, video and document →
 * `fileData` for a URI (preferred when both are set) or `inlineData` for base64 data. A part's own
 * thought signature (`providerMetadata.gemini.thoughtSignature`) goes back on it.
 *
 * @throws ValidationError naming the part (`where`) when it cannot be sent.
 */
export function convertContentPart(part: ContentPart, where: string): GeminiPart {
  if (part === null || typeof part !== 'object') {
    throw new ValidationError(where, 'must be a content part');
  }
  const signature = readGeminiMetadata(part.providerMetadata).thoughtSignature;
  let converted: GeminiPart;
  switch (part.type) {
    case 'text':
      converted = { text: part.text };
      break;
    case 'image':
    case 'audio':
    case 'video':
    case 'document':
      if (typeof part.uri === 'string' && part.uri.length > 0) {
        converted = {
          fileData:
            part.mimeType === undefined
              ? { fileUri: part.uri }
              : { mimeType: part.mimeType, fileUri: part.uri },
        };
      } else if (typeof part.data === 'string') {
        if (typeof part.mimeType !== 'string') {
          throw new ValidationError(`${where}.mimeType`, 'is required for inline data');
        }
        converted = { inlineData: { mimeType: part.mimeType, data: part.data } };
      } else {
        throw new ValidationError(where, `a ${part.type} part needs data or a uri`);
      }
      break;
    default:
      throw new ValidationError(
        `${where}.type`,
        `must be text, image, audio, video or document, got ${String((part as ContentPart).type)}`,
      );
  }
  if (signature !== undefined) converted.thoughtSignature = signature;
  return converted;
}
