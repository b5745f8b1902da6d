import { type EmbedRequest, ValidationError } from '@aigo/ai';
import { isRecord, readProviderRequestOptions } from '@aigo/http';

/** The most inputs OpenAI's `/embeddings` takes in one request. */
export const OPENAI_MAX_EMBEDDINGS_PER_CALL = 2048;

/** The most input tokens, summed over its inputs, OpenAI's `/embeddings` takes in one request. */
export const OPENAI_MAX_EMBEDDING_TOKENS_PER_CALL = 300_000;

/**
 * Per-request settings of `embed`, passed as `request.providerOptions.openai`; unknown keys are
 * rejected so that a typo does not silently do nothing.
 */
export interface OpenAIEmbeddingOptions {
  /** A stable id for the end user (`user`), for OpenAI's abuse monitoring. */
  readonly user?: string;
  /** Extra top-level body fields for a compatible server's extensions; merged last. */
  readonly extraBody?: { readonly [key: string]: unknown };
}

/** The body of one `POST /embeddings`. */
export interface OpenAIEmbeddingsBody {
  readonly model: string;
  readonly input: readonly string[];
  readonly encoding_format: 'float';
  readonly dimensions?: number;
  readonly user?: string;
  readonly [extra: string]: unknown;
}

const EMBEDDING_KEYS: readonly string[] = ['user', 'extraBody'];

/**
 * Reads `request.providerOptions[providerId]` for `embed`.
 *
 * @throws ValidationError naming the bad key (`request.providerOptions.openai.user`).
 */
export function parseOpenAIEmbeddingOptions(
  request: EmbedRequest,
  providerId: string,
): OpenAIEmbeddingOptions {
  const raw = readProviderRequestOptions(request, providerId, EMBEDDING_KEYS);
  if (raw === undefined) return {};
  const where = `request.providerOptions.${providerId}`;
  if (raw.user !== undefined && typeof raw.user !== 'string') {
    throw new ValidationError(`${where}.user`, 'must be a string');
  }
  if (raw.extraBody !== undefined && !isRecord(raw.extraBody)) {
    throw new ValidationError(`${where}.extraBody`, 'must be an object');
  }
  return raw as OpenAIEmbeddingOptions;
}

/**
 * The body for one batch: `model`, `input` (always an array, so the answer's `index` maps back),
 * `encoding_format: "float"` (base64 halves the bytes but compatible servers such as Ollama do not
 * all speak it), `dimensions` and `user` only when set, then `extraBody`.
 */
export function buildOpenAIEmbeddingsBody(
  request: EmbedRequest,
  values: readonly string[],
  options: OpenAIEmbeddingOptions,
): OpenAIEmbeddingsBody {
  return {
    model: request.model,
    input: values,
    encoding_format: 'float',
    ...(request.dimensions === undefined ? {} : { dimensions: request.dimensions }),
    ...(options.user === undefined ? {} : { user: options.user }),
    ...options.extraBody,
  };
}
