import {
  type CallOptions,
  type ChatRequest,
  contentText,
  type MetadataFilter,
  type RetrievedChunk,
  type Retriever,
  ValidationError,
} from '@aigo/ai';
import type { Middleware } from '@aigo/client';
import { type CountTokens, estimateTokensByCharacters } from '../tokens/count-tokens.js';

/** Options of {@link retrievalMiddleware}. */
export interface RetrievalMiddlewareOptions {
  /** Where the records come from. */
  readonly retriever: Retriever;
  /** Chunks asked of the retriever per call. Default 3. */
  readonly topK?: number;
  /** Only chunks scored at least this. */
  readonly minScore?: number;
  /** Only records whose metadata matches. */
  readonly filter?: MetadataFilter;
  /**
   * The most tokens the injected block may take, as `countTokens` counts them. Chunks are taken best
   * first; one that does not fit is skipped and smaller ones after it may still fit. Default 1,000.
   */
  readonly maxTokens?: number;
  /** Counts tokens for the budget. Default: characters ÷ 4 (`estimateTokensByCharacters`). */
  readonly countTokens?: CountTokens;
  /** The text to search with. Default: the text of the request's last user message. */
  readonly query?: (request: ChatRequest) => string | undefined;
  /** Turns the chosen chunks into the block added to the system prompt. Default: a numbered list. */
  readonly format?: (chunks: readonly RetrievedChunk[]) => string;
  /** Told which chunks went into each request (for logs and tests). */
  readonly onInject?: (chunks: readonly RetrievedChunk[], request: ChatRequest) => void;
}

/**
 * The default block: a heading and the chunks numbered, best first, each after its context in
 * parentheses when it has one (`[1] (Refund Policy › Refunds) Refunds are accepted…`).
 */
export function formatRetrievedChunks(chunks: readonly RetrievedChunk[]): string {
  const lines = chunks.map((chunk, index) =>
    chunk.context === undefined || chunk.context === ''
      ? `[${index + 1}] ${chunk.text}`
      : `[${index + 1}] (${chunk.context}) ${chunk.text}`,
  );
  return `Relevant context, retrieved for this request (best match first; it may be incomplete):\n${lines.join('\n')}`;
}

/** The text of the last user message: its string content, or its text parts joined. */
export function lastUserText(request: ChatRequest): string | undefined {
  for (let index = request.messages.length - 1; index >= 0; index--) {
    const message = request.messages[index];
    if (message?.role !== 'user') continue;
    const content: unknown = message.content;
    if (typeof content === 'string') return content;
    const text = contentText(content);
    return text === '' ? undefined : text;
  }
  return undefined;
}

const OPTION_KEYS = new Set([
  'retriever',
  'topK',
  'minScore',
  'filter',
  'maxTokens',
  'countTokens',
  'query',
  'format',
  'onInject',
]);

function checkOptions(options: RetrievalMiddlewareOptions): void {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  }
  const { retriever, topK, maxTokens, minScore } = options;
  if (
    retriever === null ||
    typeof retriever !== 'object' ||
    typeof retriever.retrieve !== 'function'
  ) {
    throw new ValidationError('options.retriever', 'must be a Retriever');
  }
  if (topK !== undefined && (!Number.isInteger(topK) || topK < 1 || topK > 100)) {
    throw new ValidationError('options.topK', 'must be an integer from 1 to 100');
  }
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens < 1)) {
    throw new ValidationError('options.maxTokens', 'must be a positive integer');
  }
  if (minScore !== undefined && (typeof minScore !== 'number' || !Number.isFinite(minScore))) {
    throw new ValidationError('options.minScore', 'must be a finite number');
  }
  for (const key of ['countTokens', 'query', 'format', 'onInject'] as const) {
    if (options[key] !== undefined && typeof options[key] !== 'function') {
      throw new ValidationError(`options.${key}`, 'must be a function');
    }
  }
}

/**
 * A middleware that puts the records most relevant to each request into its system prompt (the
 * seed's `MemoryInjector`): it searches the retriever with the last user message, keeps the best
 * chunks that fit `maxTokens`, and appends them as a block to the system prompt. A request with no
 * user text, or whose search finds nothing, goes on unchanged. Put it after the retry middleware's
 * position you want: before it (outer) searches once per call, after it once per attempt.
 *
 * ```ts
 * const client = createClient(provider, { middleware: [retrievalMiddleware({ retriever, maxTokens: 800 })] });
 * ```
 *
 * @throws ValidationError naming the bad option.
 */
export function retrievalMiddleware(options: RetrievalMiddlewareOptions): Middleware {
  checkOptions(options);
  const { retriever, filter, minScore, onInject } = options;
  const topK = options.topK ?? 3;
  const maxTokens = options.maxTokens ?? 1000;
  const countTokens = options.countTokens ?? estimateTokensByCharacters;
  const queryOf = options.query ?? lastUserText;
  const format = options.format ?? formatRetrievedChunks;

  const inject = async (request: ChatRequest, callOptions: CallOptions): Promise<ChatRequest> => {
    const query = queryOf(request);
    if (query === undefined || query.trim() === '') return request;
    const found = await retriever.retrieve(query, {
      topK,
      ...(filter === undefined ? {} : { filter }),
      ...(minScore === undefined ? {} : { minScore }),
      ...(callOptions.signal === undefined ? {} : { signal: callOptions.signal }),
      ...(callOptions.span === undefined ? {} : { span: callOptions.span }),
    });
    const chosen: RetrievedChunk[] = [];
    for (const chunk of found) {
      if (countTokens(format([...chosen, chunk])) <= maxTokens) chosen.push(chunk);
    }
    if (chosen.length === 0) return request;
    onInject?.(chosen, request);
    const block = format(chosen);
    const systemPrompt =
      request.systemPrompt === undefined || request.systemPrompt === ''
        ? block
        : `${request.systemPrompt}\n\n${block}`;
    return { ...request, systemPrompt };
  };

  return {
    name: 'retrieval',
    async send(request, callOptions, next) {
      return next(await inject(request, callOptions), callOptions);
    },
    async stream(request, callOptions, next) {
      return next(await inject(request, callOptions), callOptions);
    },
  };
}
