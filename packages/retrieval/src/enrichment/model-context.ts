import { createHash } from 'node:crypto';
import { textPart, throwIfAborted, ValidationError } from '@aigo/ai';
import type { Client } from '@aigo/client';
import type { Chunk, SourceDocument } from '../documents/source-document.js';
import type { Enricher, Enrichment } from './enricher.js';

/** Options of {@link modelContext}. */
export interface ModelContextOptions {
  /** The client whose model writes the sentences (its middleware, retries and prices apply). */
  readonly client: Client;
  /** The model. Default: the client's default model. */
  readonly model?: string;
  /** The most tokens of each sentence (the calls' `maxOutputTokens`). */
  readonly maxTokens: number;
  /** Calls in flight for one document. Default 4. */
  readonly concurrency?: number;
  /** The system prompt of every call. Default {@link MODEL_CONTEXT_INSTRUCTIONS}. */
  readonly instructions?: string;
}

/** The default system prompt of {@link modelContext}'s calls. */
export const MODEL_CONTEXT_INSTRUCTIONS =
  'You help a search engine find passages of a document. Given the whole document and one passage ' +
  'of it, write a single short sentence that places the passage in the document: what the ' +
  'document is, and what the passage is about within it. Reply with that sentence and nothing else.';

const OPTION_KEYS = new Set(['client', 'model', 'maxTokens', 'concurrency', 'instructions']);

function checkOptions(options: ModelContextOptions): void {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  for (const key of Object.keys(options)) {
    if (!OPTION_KEYS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option');
  }
  const { client, model, maxTokens, concurrency, instructions } = options;
  if (client === null || typeof client !== 'object' || typeof client.sendMessage !== 'function')
    throw new ValidationError('options.client', 'must be a Client (createClient of @aigo/client)');
  if (model !== undefined && (typeof model !== 'string' || model === ''))
    throw new ValidationError('options.model', 'must be a non-empty string');
  if (typeof maxTokens !== 'number' || !Number.isInteger(maxTokens) || maxTokens < 1)
    throw new ValidationError('options.maxTokens', 'must be a positive integer');
  if (
    concurrency !== undefined &&
    (typeof concurrency !== 'number' || !Number.isInteger(concurrency) || concurrency < 1)
  )
    throw new ValidationError('options.concurrency', 'must be a positive integer');
  if (
    instructions !== undefined &&
    (typeof instructions !== 'string' || instructions.trim() === '')
  )
    throw new ValidationError('options.instructions', 'must be a non-empty string');
  if ((model ?? client.defaultModel) === '')
    throw new ValidationError('options.model', 'is required when the client has no default model');
}

/**
 * An enricher whose contexts a model writes: for each chunk, one sentence that places it in its
 * document ("The refund policy of Acme's shop: how long customers have to return an item."). Every
 * call sends the whole document first, then the chunk — the document as a stable prefix, so
 * OpenAI's prompt cache serves it after the first call, and on Anthropic with a cache breakpoint
 * after it (the adapter's automatic ones turned off for these calls) — so the model reads the
 * document at full price once per document. The calls go through the client, stateless (no
 * memory), at most `concurrency` at once; their usage and cost are reported per document
 * (`Enrichment.usage`, `.cost`; the cost is `undefined` when the client knows no price for the
 * model). Use a client without tools.
 *
 * @throws ValidationError naming a bad option.
 */
export function modelContext(options: ModelContextOptions): Enricher {
  checkOptions(options);
  const { client, maxTokens } = options;
  const model = options.model ?? client.defaultModel;
  const concurrency = options.concurrency ?? 4;
  const instructions = options.instructions ?? MODEL_CONTEXT_INSTRUCTIONS;
  const promptHash = createHash('sha256').update(instructions).digest('hex').slice(0, 16);
  return {
    key: `model:${JSON.stringify(model)}:${maxTokens}:${promptHash}`,
    async enrich(
      document: SourceDocument,
      chunks: readonly Chunk[],
      { signal },
    ): Promise<Enrichment> {
      const overview = client.createOverview();
      const documentPart = textPart(`<document>\n${document.text}\n</document>`, {
        anthropic: { cacheControl: { type: 'ephemeral' } },
      });
      const contexts = new Array<string>(chunks.length).fill('');
      let next = 0;
      let failed = false;
      const worker = async (): Promise<void> => {
        while (!failed && next < chunks.length) {
          const index = next++;
          throwIfAborted(signal);
          const chunk = chunks[index] as Chunk;
          const answer = await client.sendMessage(
            [
              documentPart,
              textPart(
                `Here is the passage:\n<passage>\n${chunk.text}\n</passage>\nWrite the one sentence that places it in the document.`,
              ),
            ],
            {
              memory: null,
              model,
              maxOutputTokens: maxTokens,
              ephemeralSystemPrompt: instructions,
              overview,
              providerOptions: { anthropic: { cache: false } },
              ...(signal === undefined ? {} : { signal }),
            },
          );
          contexts[index] = answer.content.replace(/\s+/g, ' ').trim();
        }
      };
      const guarded = (): Promise<void> =>
        worker().catch((error: unknown) => {
          failed = true;
          throw error;
        });
      await Promise.all(
        Array.from({ length: Math.min(concurrency, chunks.length) }, () => guarded()),
      );
      const summary = overview.costSummary();
      return {
        contexts,
        usage: overview.totalUsage,
        ...(summary.complete
          ? { cost: { amount: summary.totalModelCost, currency: summary.currency } }
          : {}),
      };
    },
  };
}
