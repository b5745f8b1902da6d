import { ParseError, type Reranker, type RetrievedChunk, ValidationError } from '@aigo/ai';
import type { Client, Overview } from '@aigo/client';

/** Options of {@link modelReranker}. */
export interface ModelRerankerOptions {
  /** The client whose model ranks (its middleware, retries and prices apply). Use one without tools. */
  readonly client: Client;
  /** The model. Default: the client's default model. */
  readonly model?: string;
  /** The system prompt of each call. Default {@link MODEL_RERANKER_INSTRUCTIONS}. */
  readonly instructions?: string;
  /** Records each call (usage, cost) in this overview, besides the call's own span. */
  readonly overview?: Overview;
}

/** The default system prompt of {@link modelReranker}'s calls. */
export const MODEL_RERANKER_INSTRUCTIONS =
  'You rank passages by how well they answer a search query. Read the query and the numbered ' +
  'passages, then reply with JSON only: {"ranking": [numbers]} — the numbers of the passages you ' +
  'were asked for, the most relevant first, each number once, no other passages.';

const OPTION_KEYS = new Set(['client', 'model', 'instructions', 'overview']);

function checkOptions(options: ModelRerankerOptions): void {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options))
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  const { client, model, instructions } = options;
  if (client === null || typeof client !== 'object' || typeof client.sendMessage !== 'function')
    throw new ValidationError('options.client', 'must be a Client (createClient of @aigo/client)');
  if (model !== undefined && (typeof model !== 'string' || model === ''))
    throw new ValidationError('options.model', 'must be a non-empty string');
  if ((model ?? client.defaultModel) === '' || (model ?? client.defaultModel) === undefined)
    throw new ValidationError('options.model', 'is required when the client has no default model');
  if (
    instructions !== undefined &&
    (typeof instructions !== 'string' || instructions.trim() === '')
  )
    throw new ValidationError('options.instructions', 'must be a non-empty string');
}

/** The user message: the query and the passages, numbered from 0, each with its context. */
function promptOf(query: string, chunks: readonly RetrievedChunk[], wanted: number): string {
  const passages = chunks
    .map((chunk, index) => {
      const context =
        chunk.context === undefined || chunk.context === '' ? '' : `(${chunk.context}) `;
      return `[${index}] ${context}${chunk.text.replace(/\s+/g, ' ').trim()}`;
    })
    .join('\n');
  return `Query: ${query}\n\nPassages:\n${passages}\n\nReply with the numbers of the ${wanted} passages most relevant to the query, most relevant first.`;
}

/** The JSON schema of the answer: `{ ranking: [integers] }`. */
function schemaOf(count: number) {
  return {
    type: 'object',
    properties: {
      ranking: {
        type: 'array',
        items: { type: 'integer', minimum: 0, maximum: count - 1 },
        description: 'Passage numbers, most relevant first.',
      },
    },
    required: ['ranking'],
    additionalProperties: false,
  } as const;
}

/**
 * The ranking in a model's answer, checked: exactly `wanted` passage numbers, each a passage that
 * exists, none twice.
 *
 * @throws ParseError with the answer's text when it is not that.
 */
function readRanking(text: string, count: number, wanted: number): number[] {
  const fail = (problem: string): never => {
    throw new ParseError(`The reranking model's answer ${problem}`, { text });
  };
  let parsed: unknown;
  try {
    const start = text.indexOf('{');
    parsed = JSON.parse(start === -1 ? text : text.slice(start, text.lastIndexOf('}') + 1));
  } catch {
    return fail('is not JSON');
  }
  const ranking = (parsed as { ranking?: unknown } | null)?.ranking;
  if (!Array.isArray(ranking)) return fail('has no "ranking" array');
  const seen = new Set<number>();
  for (const value of ranking) {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value >= count)
      fail(`names passage ${JSON.stringify(value)}, which it was not given (0–${count - 1})`);
    if (seen.has(value)) fail(`names passage ${value} twice`);
    seen.add(value);
  }
  if (ranking.length !== wanted)
    fail(`ranks ${ranking.length} passages where ${wanted} were asked for`);
  return ranking as number[];
}

/**
 * A listwise reranker on any chat model: one structured-output call per rerank, which shows the
 * model the query and the numbered candidates (each with its context) and asks for the numbers of
 * the best `topN` (default all), most relevant first. The answer must name exactly that many
 * passages, each once and each one it was shown, else the rerank fails with a `ParseError`
 * carrying the answer. A chunk's score is its place: `(n − i) / n` for the i-th (from 0) of n
 * ranked. The call goes through the client — stateless (`memory: null`), under the retrieval's span,
 * so its usage and cost are on that model call's span (and in `overview` when given). Candidates
 * must fit the model's context window.
 *
 * ```ts
 * const reranker = modelReranker({ client: createClient(openai(), { defaultModel: 'gpt-4o-mini' }) });
 * const retriever = createRetriever({ store, embedder, rerank: { reranker, candidates: 20, topN: 5 } });
 * ```
 *
 * @throws ValidationError naming a bad option.
 */
export function modelReranker(options: ModelRerankerOptions): Reranker {
  checkOptions(options);
  const { client, overview } = options;
  const model = options.model ?? (client.defaultModel as string);
  const instructions = options.instructions ?? MODEL_RERANKER_INSTRUCTIONS;
  return async (query, chunks, { signal, topN, span }) => {
    if (chunks.length === 0) return [];
    const wanted = Math.min(topN ?? chunks.length, chunks.length);
    const answer = await client.sendMessage(promptOf(query, chunks, wanted), {
      memory: null,
      model,
      ephemeralSystemPrompt: instructions,
      responseFormat: { type: 'json', name: 'ranking', schema: schemaOf(chunks.length) },
      ...(overview === undefined ? {} : { overview }),
      ...(span === undefined ? {} : { span }),
      ...(signal === undefined ? {} : { signal }),
    });
    const ranking = readRanking(answer.content, chunks.length, wanted);
    return ranking.map((index, place) => ({
      ...(chunks[index] as RetrievedChunk),
      score: (ranking.length - place) / ranking.length,
    }));
  };
}
