import type { GeneratedMedia } from '@aigo/ai';
import { GEMINI_METADATA_KEY } from '../shared/gemini-provider-metadata.js';
import { thoughtSignatureOf } from '../shared/gemini-turn-parts.js';
import type { GeminiPart } from '../wire/gemini-api.js';

/**
 * The media an output part carries (`inlineData` as base64 `data`, `fileData` as `uri`), with the
 * part's thought signature in its `providerMetadata`; `undefined` for any other part.
 */
export function mediaOf(part: GeminiPart): GeneratedMedia | undefined {
  const signature = thoughtSignatureOf(part);
  const extra =
    signature === undefined
      ? {}
      : { providerMetadata: { [GEMINI_METADATA_KEY]: { thoughtSignature: signature } } };
  if (part.inlineData !== undefined && part.inlineData !== null) {
    const { mimeType, data } = part.inlineData;
    if (typeof data !== 'string') return undefined;
    return { mimeType: mimeType ?? 'application/octet-stream', data, ...extra };
  }
  if (part.fileData !== undefined && part.fileData !== null) {
    const { mimeType, fileUri } = part.fileData;
    if (typeof fileUri !== 'string') return undefined;
    return { mimeType: mimeType ?? 'application/octet-stream', uri: fileUri, ...extra };
  }
  return undefined;
}
