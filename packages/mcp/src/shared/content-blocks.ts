import {
  audioPart,
  type ContentPart,
  documentPart,
  imagePart,
  type MediaKind,
  textPart,
  videoPart,
} from '@aigo/ai';
import type { ContentBlock } from '@modelcontextprotocol/sdk/types.js';

const FALLBACK_MIME = 'application/octet-stream';

/**
 * MCP content blocks as aigo content parts: text → text, image → image, audio → audio, an embedded
 * resource → text (a text resource) or a media part by its MIME type (a blob), a resource link → a
 * line of text naming it (its URI is the server's, not one a provider can fetch).
 */
export function contentBlocksToParts(blocks: readonly ContentBlock[]): ContentPart[] {
  const parts: ContentPart[] = [];
  for (const block of blocks) {
    const part = blockToPart(block);
    if (part !== undefined) parts.push(part);
  }
  return parts;
}

function blockToPart(block: ContentBlock): ContentPart | undefined {
  switch (block.type) {
    case 'text':
      return textPart(block.text);
    case 'image':
      return imagePart(block.data, mimeOr(block.mimeType, 'image/png'));
    case 'audio':
      return audioPart(block.data, mimeOr(block.mimeType, 'audio/wav'));
    case 'resource': {
      const resource = block.resource;
      if ('text' in resource && typeof resource.text === 'string') return textPart(resource.text);
      if ('blob' in resource && typeof resource.blob === 'string') {
        const mimeType = mimeOr(resource.mimeType, FALLBACK_MIME);
        return mediaPart(kindOf(mimeType), resource.blob, mimeType, fileName(resource.uri));
      }
      return undefined;
    }
    case 'resource_link':
      return textPart(
        `Resource: ${block.name} <${block.uri}>${block.mimeType === undefined ? '' : ` (${block.mimeType})`}${
          block.description === undefined ? '' : ` — ${block.description}`
        }`,
      );
    default:
      return undefined;
  }
}

/** The media kind of a MIME type: image, audio, video, else a document. */
export function kindOf(mimeType: string): MediaKind {
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (mimeType.startsWith('video/')) return 'video';
  return 'document';
}

function mediaPart(kind: MediaKind, data: string, mimeType: string, filename: string | undefined) {
  const options = filename === undefined ? undefined : { filename };
  switch (kind) {
    case 'image':
      return imagePart(data, mimeType, options);
    case 'audio':
      return audioPart(data, mimeType, options);
    case 'video':
      return videoPart(data, mimeType, options);
    default:
      return documentPart(data, mimeType, options);
  }
}

function mimeOr(mimeType: string | undefined, fallback: string): string {
  return typeof mimeType === 'string' && /^[\w.+-]+\/[\w.+-]+/.test(mimeType) ? mimeType : fallback;
}

function fileName(uri: string): string | undefined {
  const last = uri.split(/[/\\]/).pop();
  return last === undefined || last === '' ? undefined : last;
}
