import {
  AbortError,
  type Retriever,
  type Tool,
  type ToolCallOptions,
  type ToolDescription,
  toolErrorEnvelope,
  ValidationError,
} from '@aigo/ai';

/** Options of {@link retrievalTool}. */
export interface RetrievalToolOptions {
  /** Where to search. */
  readonly retriever: Retriever;
  /** The tool's name. Default `search_knowledge`. */
  readonly name?: string;
  /**
   * What the model is told the tool does. Default: a search of the knowledge base; say what the
   * knowledge base holds so the model knows when to call it.
   */
  readonly description?: string;
  /** Chunks per call unless the model asks for fewer or more (1–20). Default 5. */
  readonly topK?: number;
}

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const OPTION_KEYS = new Set(['retriever', 'name', 'description', 'topK']);

/**
 * A tool that lets a model search a retriever: input `{ query, topK? }`, output
 * `{ "results": [{ id, text, score, metadata, document?, context? }] }`, best first (`document`:
 * the id, title and source of the chunk's document, for citing it). A bad input or a failed search is an
 * error envelope the model can read; an abort stops the run.
 *
 * ```ts
 * const client = createClient(provider, { tools: [retrievalTool({ retriever, description: 'Search the product manual.' })] });
 * ```
 *
 * @throws ValidationError naming the bad option.
 */
export function retrievalTool(options: RetrievalToolOptions): Tool {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  }
  const { retriever } = options;
  if (
    retriever === null ||
    typeof retriever !== 'object' ||
    typeof retriever.retrieve !== 'function'
  ) {
    throw new ValidationError('options.retriever', 'must be a Retriever');
  }
  const name = options.name ?? 'search_knowledge';
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new ValidationError('options.name', 'must be 1–64 letters, digits, "_" or "-"');
  }
  const defaultTopK = options.topK ?? 5;
  if (!Number.isInteger(defaultTopK) || defaultTopK < 1 || defaultTopK > 20) {
    throw new ValidationError('options.topK', 'must be an integer from 1 to 20');
  }
  if (
    options.description !== undefined &&
    (typeof options.description !== 'string' || options.description.trim() === '')
  ) {
    throw new ValidationError('options.description', 'must be a non-empty string');
  }
  const description: ToolDescription = {
    name,
    description:
      options.description ??
      'Search the knowledge base for passages relevant to a query. Returns the best-matching passages with their scores (higher is more relevant).',
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'What to search for, in natural language.' },
        topK: {
          type: 'integer',
          minimum: 1,
          maximum: 20,
          description: `How many passages to return (default ${defaultTopK}).`,
        },
      },
      required: ['query'],
      additionalProperties: false,
    },
  };
  return {
    name,
    description,
    metrics: undefined,
    async call(argumentsJson: string, callOptions?: ToolCallOptions): Promise<string> {
      let input: unknown;
      try {
        input = JSON.parse(argumentsJson);
      } catch {
        return toolErrorEnvelope('invalid_json', 'The arguments are not JSON.');
      }
      const { query, topK } = (input ?? {}) as { query?: unknown; topK?: unknown };
      if (typeof query !== 'string' || query.trim() === '') {
        return toolErrorEnvelope('invalid_arguments', '"query" must be a non-empty string.');
      }
      if (
        topK !== undefined &&
        (typeof topK !== 'number' || !Number.isInteger(topK) || topK < 1 || topK > 20)
      ) {
        return toolErrorEnvelope('invalid_arguments', '"topK" must be an integer from 1 to 20.');
      }
      const signal = callOptions?.signal;
      try {
        const chunks = await retriever.retrieve(query, {
          topK: topK ?? defaultTopK,
          ...(signal === undefined ? {} : { signal }),
        });
        return JSON.stringify({
          results: chunks.map((chunk) => ({
            id: chunk.id,
            text: chunk.text,
            score: chunk.score,
            metadata: chunk.metadata,
            ...(chunk.document === undefined ? {} : { document: chunk.document }),
            ...(chunk.context === undefined ? {} : { context: chunk.context }),
          })),
        });
      } catch (error) {
        if (AbortError.isInstance(error) || signal?.aborted) throw error;
        return toolErrorEnvelope(
          'tool_execution_failed',
          `The search failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
