import type { ProviderMetadata } from '../json.js';

/** Media a model produced (an image, audio): base64 `data` or a `uri`, with its MIME type. */
export interface GeneratedMedia {
  readonly mimeType: string;
  readonly data?: string;
  readonly uri?: string;
  /**
   * The provider's id of the output, where it gives one (an OpenAI `image_generation_call` id, a
   * Chat Completions audio id): what the next turn sends back to refer to it.
   */
  readonly id?: string;
  /** The prompt the provider actually drew from, when it rewrote the one it was given. */
  readonly revisedPrompt?: string;
  /** A transcript, for audio outputs that carry one. */
  readonly transcript?: string;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * Which list of a `ChatResponse` a generated output belongs in, by its MIME type: `audio/*` in
 * `audio`, `video/*` in `videos`, anything else (`image/*`) in `images`.
 */
export function generatedMediaKind(mimeType: string): 'images' | 'audio' | 'videos' {
  const type = mimeType.toLowerCase();
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'videos';
  return 'images';
}

/** Code a model ran with a provider's code-execution tool, and what came of it. */
export interface CodeExecution {
  readonly language: string;
  readonly code: string;
  /** `ok`, `failed`, `deadline_exceeded`, or the provider's raw outcome. */
  readonly outcome?: string;
  readonly output?: string;
}

/** A web source a grounded answer cites. */
export interface GroundingSource {
  readonly index: number;
  readonly uri: string;
  readonly title?: string;
}

/** A span of the answer supported by sources. `endIndex` is exclusive. */
export interface GroundingSupport {
  readonly text: string;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly sourceIndices: readonly number[];
  readonly confidence?: readonly number[];
}

/** Where a grounded answer came from (Gemini Google Search, URL context; web search tools). */
export interface Grounding {
  readonly searchQueries: readonly string[];
  readonly sources: readonly GroundingSource[];
  readonly supports: readonly GroundingSupport[];
  readonly urlContextSources?: readonly { readonly url: string; readonly status?: string }[];
}
