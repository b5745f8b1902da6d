import type { Grounding, GroundingSource, GroundingSupport } from '@aigo/ai';
import type { GeminiGroundingMetadata, GeminiUrlContextMetadata } from '../wire/gemini-api.js';

/**
 * Converts a candidate's `groundingMetadata` and `urlContextMetadata` to aigo's `Grounding`:
 * `webSearchQueries` → `searchQueries` (duplicates dropped), `groundingChunks[i].web` (or Vertex
 * `retrievedContext`) → `sources` with `index` = `i` (the index supports refer to), `groundingSupports`
 * → `supports` (segment text, start, exclusive end, chunk indices, confidence scores) and
 * `urlContextMetadata.urlMetadata` → `urlContextSources` (the raw retrieval status kept).
 * `searchEntryPoint` is not grounding data; the provider puts it in `providerMetadata`.
 *
 * @returns undefined when there is nothing (Gemini streams send `groundingMetadata: {}`).
 */
export function convertGeminiGrounding(
  metadata: GeminiGroundingMetadata | undefined,
  urlContext: GeminiUrlContextMetadata | undefined,
): Grounding | undefined {
  const searchQueries = [
    ...new Set((metadata?.webSearchQueries ?? []).filter((q) => typeof q === 'string')),
  ];
  const sources: GroundingSource[] = [];
  (metadata?.groundingChunks ?? []).forEach((chunk, index) => {
    const web =
      chunk?.web ??
      (chunk as { retrievedContext?: { uri?: string; title?: string } })?.retrievedContext;
    if (web === undefined || typeof web.uri !== 'string') return;
    sources.push(
      typeof web.title === 'string'
        ? { index, uri: web.uri, title: web.title }
        : { index, uri: web.uri },
    );
  });
  const supports: GroundingSupport[] = [];
  for (const support of metadata?.groundingSupports ?? []) {
    if (support === null || typeof support !== 'object') continue;
    const segment = support.segment ?? {};
    const converted: { -readonly [K in keyof GroundingSupport]: GroundingSupport[K] } = {
      text: typeof segment.text === 'string' ? segment.text : '',
      startIndex: typeof segment.startIndex === 'number' ? segment.startIndex : 0,
      endIndex: typeof segment.endIndex === 'number' ? segment.endIndex : 0,
      sourceIndices: Array.isArray(support.groundingChunkIndices)
        ? support.groundingChunkIndices.filter((i) => typeof i === 'number')
        : [],
    };
    if (Array.isArray(support.confidenceScores)) {
      converted.confidence = support.confidenceScores.filter((c) => typeof c === 'number');
    }
    supports.push(converted);
  }
  const urlContextSources: { url: string; status?: string }[] = [];
  for (const entry of urlContext?.urlMetadata ?? []) {
    if (typeof entry?.retrievedUrl !== 'string') continue;
    urlContextSources.push(
      typeof entry.urlRetrievalStatus === 'string'
        ? { url: entry.retrievedUrl, status: entry.urlRetrievalStatus }
        : { url: entry.retrievedUrl },
    );
  }
  if (
    searchQueries.length === 0 &&
    sources.length === 0 &&
    supports.length === 0 &&
    urlContextSources.length === 0
  ) {
    return undefined;
  }
  return urlContextSources.length > 0
    ? { searchQueries, sources, supports, urlContextSources }
    : { searchQueries, sources, supports };
}

/** A key that identifies a support, to send each one once while streaming. */
export function groundingSupportKey(support: GroundingSupport): string {
  return `${support.startIndex}:${support.endIndex}:${support.sourceIndices.join(',')}:${support.text}`;
}
