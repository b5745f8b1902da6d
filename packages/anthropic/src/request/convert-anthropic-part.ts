import { type ContentPart, ValidationError } from '@aigo/ai';
import { isRecord } from '@aigo/http';
import type { AnthropicBlock, AnthropicCacheControl } from '../wire/anthropic-api.js';

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * The `cache_control` a part asks for in `providerMetadata.anthropic.cacheControl`
 * (`{ type: 'ephemeral', ttl?: '5m' | '1h' }`), or `undefined`.
 *
 * @throws ValidationError naming the part when the value is not a cache control.
 */
export function partCacheControl(
  metadata: { readonly [provider: string]: { readonly [key: string]: unknown } } | undefined,
  where: string,
): AnthropicCacheControl | undefined {
  const value = metadata?.anthropic?.cacheControl;
  if (value === undefined) return undefined;
  if (
    !isRecord(value) ||
    value.type !== 'ephemeral' ||
    (value.ttl !== undefined && value.ttl !== '5m' && value.ttl !== '1h')
  ) {
    throw new ValidationError(
      `${where}.providerMetadata.anthropic.cacheControl`,
      'must be { type: "ephemeral", ttl?: "5m" | "1h" }',
    );
  }
  return value.ttl === undefined ? { type: 'ephemeral' } : { type: 'ephemeral', ttl: value.ttl };
}

/**
 * One content part of a user or tool message as a Messages API block: text, an image (base64, a
 * `data:` URL or an http(s) URL) or a document (PDF as base64 or URL, plain text). A document part's
 * `providerMetadata.anthropic` may give its `title`, `context` and `citations: true`; `citations`
 * turns citations on for every document.
 *
 * @throws ValidationError naming the part (`messages[0].content[1]`) for audio, video, an image or
 * document type the API does not take, or a URI that is not http(s).
 */
export function convertAnthropicPart(
  part: ContentPart,
  where: string,
  citations: boolean,
): AnthropicBlock | undefined {
  const cache = partCacheControl(part.providerMetadata, where);
  const block = partBlock(part, where, citations);
  if (block !== undefined && cache !== undefined) block.cache_control = cache;
  return block;
}

function partBlock(
  part: ContentPart,
  where: string,
  citations: boolean,
): AnthropicBlock | undefined {
  switch (part.type) {
    case 'text':
      return part.text === '' ? undefined : { type: 'text', text: part.text };
    case 'image': {
      const inline = dataUrl(part.uri);
      const data = part.data ?? inline?.data;
      if (data !== undefined) {
        const mediaType = part.mimeType ?? inline?.mimeType ?? '';
        if (!IMAGE_TYPES.has(mediaType)) {
          throw new ValidationError(
            `${where}.mimeType`,
            `must be image/jpeg, image/png, image/gif or image/webp, got ${mediaType}`,
          );
        }
        return {
          type: 'image',
          source: { type: 'base64', media_type: mediaType, data },
        };
      }
      return { type: 'image', source: { type: 'url', url: httpUrl(part.uri, where) } };
    }
    case 'document':
      return documentBlock(part, where, citations);
    default:
      throw new ValidationError(
        where,
        `is a ${part.type} part; Claude takes text, images and documents (PDF, plain text)`,
      );
  }
}

function documentBlock(
  part: Extract<ContentPart, { type: 'document' }>,
  where: string,
  citations: boolean,
): AnthropicBlock {
  const mediaType = part.mimeType;
  let source: Record<string, unknown>;
  if (part.data !== undefined) {
    if (mediaType === 'application/pdf') {
      source = { type: 'base64', media_type: mediaType, data: part.data };
    } else if (mediaType === 'text/plain') {
      source = {
        type: 'text',
        media_type: mediaType,
        data: Buffer.from(part.data, 'base64').toString('utf8'),
      };
    } else {
      throw new ValidationError(
        `${where}.mimeType`,
        `must be application/pdf or text/plain, got ${String(mediaType)}`,
      );
    }
  } else {
    if (mediaType !== undefined && mediaType !== 'application/pdf') {
      throw new ValidationError(`${where}.mimeType`, 'a document by URL must be a PDF');
    }
    source = { type: 'url', url: httpUrl(part.uri, where) };
  }
  const block: AnthropicBlock = { type: 'document', source };
  const options = part.providerMetadata?.anthropic;
  const title = typeof options?.title === 'string' ? options.title : part.filename;
  if (title !== undefined) block.title = title;
  if (typeof options?.context === 'string') block.context = options.context;
  if (citations || options?.citations === true) block.citations = { enabled: true };
  return block;
}

/** The MIME type and base64 data of a `data:…;base64,` URL, else `undefined`. */
function dataUrl(uri: string | undefined): { mimeType: string; data: string } | undefined {
  const match = uri === undefined ? null : /^data:([^;,]+);base64,(.*)$/s.exec(uri);
  return match === null ? undefined : { mimeType: match[1] as string, data: match[2] as string };
}

function httpUrl(uri: string | undefined, where: string): string {
  if (uri === undefined || !/^https?:\/\//i.test(uri)) {
    throw new ValidationError(`${where}.uri`, 'must be an http(s) URL or the part must carry data');
  }
  return uri;
}
