import { type EmbedRequest, ValidationError } from '@aigo/ai';
import { readProviderRequestOptions } from '@aigo/http';
import { GEMINI_PROVIDER_ID } from '../response/gemini-response-mapper.js';
import { modelResourcePath } from '../shared/gemini-endpoints.js';

/** The most requests Gemini's `batchEmbedContents` takes in one call. */
export const GEMINI_MAX_EMBEDDINGS_PER_CALL = 100;

/** Gemini's embedding task types (`taskType`). */
export type GeminiEmbeddingTaskType =
  | 'TASK_TYPE_UNSPECIFIED'
  | 'RETRIEVAL_QUERY'
  | 'RETRIEVAL_DOCUMENT'
  | 'SEMANTIC_SIMILARITY'
  | 'CLASSIFICATION'
  | 'CLUSTERING'
  | 'QUESTION_ANSWERING'
  | 'FACT_VERIFICATION'
  | 'CODE_RETRIEVAL_QUERY';

const TASK_TYPES: readonly GeminiEmbeddingTaskType[] = [
  'TASK_TYPE_UNSPECIFIED',
  'RETRIEVAL_QUERY',
  'RETRIEVAL_DOCUMENT',
  'SEMANTIC_SIMILARITY',
  'CLASSIFICATION',
  'CLUSTERING',
  'QUESTION_ANSWERING',
  'FACT_VERIFICATION',
  'CODE_RETRIEVAL_QUERY',
];

/**
 * Per-request settings of `embed`, passed as `request.providerOptions.gemini`; unknown keys are
 * rejected.
 */
export interface GeminiEmbeddingOptions {
  /**
   * The task type, which wins over `request.purpose` (`'query'` → `RETRIEVAL_QUERY`, `'document'` →
   * `RETRIEVAL_DOCUMENT`). Unset with no purpose: not sent (the model's default).
   */
  readonly taskType?: GeminiEmbeddingTaskType;
  /** The document title, sent with `RETRIEVAL_DOCUMENT` only (Google: it improves the embedding). */
  readonly title?: string;
}

/** One `EmbedContentRequest` of the wire. */
export interface GeminiEmbedContentRequest {
  readonly model?: string;
  readonly content: { readonly parts: readonly { readonly text: string }[] };
  readonly taskType?: GeminiEmbeddingTaskType;
  readonly title?: string;
  readonly outputDimensionality?: number;
}

const EMBEDDING_KEYS: readonly string[] = ['taskType', 'title'];

/**
 * Reads `request.providerOptions.gemini` for `embed`.
 *
 * @throws ValidationError naming the bad key (`request.providerOptions.gemini.taskType`).
 */
export function parseGeminiEmbeddingOptions(request: EmbedRequest): GeminiEmbeddingOptions {
  const raw = readProviderRequestOptions(request, GEMINI_PROVIDER_ID, EMBEDDING_KEYS);
  if (raw === undefined) return {};
  const where = `request.providerOptions.${GEMINI_PROVIDER_ID}`;
  const { taskType, title } = raw;
  if (taskType !== undefined && !TASK_TYPES.includes(taskType as GeminiEmbeddingTaskType)) {
    throw new ValidationError(`${where}.taskType`, `must be one of ${TASK_TYPES.join(', ')}`);
  }
  if (title !== undefined && typeof title !== 'string') {
    throw new ValidationError(`${where}.title`, 'must be a string');
  }
  return raw as GeminiEmbeddingOptions;
}

/** The task type to send: the option, else the one of `purpose`, else none. */
function taskTypeOf(
  request: EmbedRequest,
  options: GeminiEmbeddingOptions,
): GeminiEmbeddingTaskType | undefined {
  if (options.taskType !== undefined) return options.taskType;
  if (request.purpose === 'query') return 'RETRIEVAL_QUERY';
  if (request.purpose === 'document') return 'RETRIEVAL_DOCUMENT';
  return undefined;
}

/**
 * The `EmbedContentRequest` of one value: `content`, and `taskType`, `title` (with
 * `RETRIEVAL_DOCUMENT` only) and `outputDimensionality` when set. `withModel` adds `model`
 * (`batchEmbedContents` wants it on each request; `embedContent` takes it from the path).
 */
export function buildGeminiEmbedContentRequest(
  request: EmbedRequest,
  value: string,
  options: GeminiEmbeddingOptions,
  withModel: boolean,
): GeminiEmbedContentRequest {
  const taskType = taskTypeOf(request, options);
  return {
    ...(withModel ? { model: modelResourcePath(request.model) } : {}),
    content: { parts: [{ text: value }] },
    ...(taskType === undefined ? {} : { taskType }),
    ...(options.title !== undefined && taskType === 'RETRIEVAL_DOCUMENT'
      ? { title: options.title }
      : {}),
    ...(request.dimensions === undefined ? {} : { outputDimensionality: request.dimensions }),
  };
}
