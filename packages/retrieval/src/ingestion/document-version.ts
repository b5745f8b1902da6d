import { createHash } from 'node:crypto';
import type { EmbedderSettings } from '@aigo/ai';
import type { Chunk, SourceDocument } from '../documents/source-document.js';

/**
 * A document's version: a hash of everything its stored records are made from — its title,
 * source and metadata, its chunks (ids, which hash its id, positions and texts, and heading
 * paths), the enricher's key and the embedding model and length. The same document chunked,
 * enriched and embedded the same way has the same version, so ingesting it again embeds nothing.
 */
export function documentVersion(
  document: SourceDocument,
  chunks: readonly Chunk[],
  enricherKey: string,
  embedder: EmbedderSettings,
): string {
  const hash = createHash('sha256');
  const field = (value: string): void => {
    hash.update(value);
    hash.update('\u0000');
  };
  field('aigo-retrieval-1');
  field(document.title ?? '');
  field(document.source ?? '');
  field(JSON.stringify(document.metadata ?? {}));
  field(enricherKey);
  field(embedder.model);
  field(String(embedder.dimensions ?? ''));
  for (const chunk of chunks) {
    field(chunk.id);
    field(chunk.headings.join('\u001f'));
  }
  return hash.digest('hex').slice(0, 32);
}
