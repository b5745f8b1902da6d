import {
  checkEmbedderSettings,
  type EmbedderSettings,
  type JsonObject,
  type JsonValue,
  type MetadataFilter,
  ValidationError,
  type VectorStore,
} from '@aigo/ai';
import type { SavedTask, SaveTaskResult, TaskMatch, TaskRecord } from './task-record.js';
import { type TaskWritePolicy, thresholdWritePolicy } from './write-policy.js';

/** The `kind` of task records in a vector store (so a store can hold other records too). */
export const TASK_RECORD_KIND = 'aigo.task';

/** Options of {@link createTaskMemory}. */
export interface TaskMemoryOptions {
  /**
   * Where tasks are kept (`pgVectorStore` of `@aigo/vector-pg`, `inMemoryVectorStore` of
   * `@aigo/retrieval`).
   */
  readonly store: VectorStore;
  /** Embeds questions (saved as documents, searched as queries). */
  readonly embedder: EmbedderSettings;
  /**
   * A task whose question scores at least this against a stored task's is a duplicate and is not
   * saved. Default 0.95 (cosine similarity: the same question, reworded a little).
   */
  readonly duplicateThreshold?: number;
  /** Replaces the duplicate check: whether `task` repeats its nearest stored task. */
  readonly isDuplicate?: (task: TaskRecord, nearest: TaskMatch) => boolean | Promise<boolean>;
  /** Whether a task is worth keeping. Default `thresholdWritePolicy()`. */
  readonly writePolicy?: TaskWritePolicy;
  /** Keeps this memory's tasks apart from others' in one store (a user, a tenant). */
  readonly namespace?: string;
}

/** Options of `search`. */
export interface TaskSearchOptions {
  /** How many tasks at most. Default 3. */
  readonly topK?: number;
  /** Only tasks at least this similar. */
  readonly minScore?: number;
  /** Only tasks with this outcome (`'success'`). Default: any. */
  readonly outcome?: string;
  readonly signal?: AbortSignal;
}

/** Long-term memory of solved tasks (the seed's `TaskMemoryManager`). */
export interface TaskMemory {
  /**
   * Saves a task unless the write policy turns it down or a stored task is a duplicate of it.
   *
   * @throws ValidationError naming the bad field (`task.question`).
   */
  save(task: TaskRecord, options?: { readonly signal?: AbortSignal }): Promise<SaveTaskResult>;
  /** The stored tasks most similar to `question`, most similar first. */
  search(question: string, options?: TaskSearchOptions): Promise<TaskMatch[]>;
}

function checkTask(task: unknown): asserts task is TaskRecord {
  if (task === null || typeof task !== 'object')
    throw new ValidationError('task', 'must be an object');
  const { question, answer, toolsUsed, outcome, metadata } = task as Record<string, unknown>;
  if (typeof question !== 'string' || question.trim() === '')
    throw new ValidationError('task.question', 'must be a non-empty string');
  if (typeof answer !== 'string') throw new ValidationError('task.answer', 'must be a string');
  if (!Array.isArray(toolsUsed) || toolsUsed.some((name) => typeof name !== 'string')) {
    throw new ValidationError('task.toolsUsed', 'must be an array of tool names');
  }
  if (typeof outcome !== 'string' || outcome === '')
    throw new ValidationError('task.outcome', 'must be a non-empty string');
  if (
    metadata !== undefined &&
    (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata))
  ) {
    throw new ValidationError('task.metadata', 'must be a JSON object');
  }
}

function savedTaskOf(id: string, metadata: JsonObject): SavedTask | undefined {
  const { question, answer, toolsUsed, outcome, savedAt, extra } = metadata;
  if (typeof question !== 'string' || typeof answer !== 'string' || typeof outcome !== 'string')
    return undefined;
  return {
    id,
    question,
    answer,
    toolsUsed: Array.isArray(toolsUsed)
      ? toolsUsed.filter((name): name is string => typeof name === 'string')
      : [],
    outcome,
    savedAt: typeof savedAt === 'string' ? savedAt : '',
    metadata: extra !== null && typeof extra === 'object' && !Array.isArray(extra) ? extra : {},
  };
}

/**
 * Task memory over a vector store: `save` keeps a solved task (question, answer, tools used,
 * outcome) unless the write policy declines it or it duplicates a stored one; `search` finds the
 * stored tasks most similar to a question. Give it to `createReAct` (`taskMemory`) to recall before
 * each run and save each successful one.
 *
 * @throws ValidationError naming the bad option.
 */
export function createTaskMemory(options: TaskMemoryOptions): TaskMemory {
  if (options === null || typeof options !== 'object')
    throw new ValidationError('options', 'must be an object');
  const { store, embedder, isDuplicate, namespace } = options;
  if (
    store === null ||
    typeof store !== 'object' ||
    typeof store.query !== 'function' ||
    typeof store.upsert !== 'function'
  ) {
    throw new ValidationError('options.store', 'must be a VectorStore');
  }
  checkEmbedderSettings(embedder, 'options.embedder');
  const duplicateThreshold = options.duplicateThreshold ?? 0.95;
  if (typeof duplicateThreshold !== 'number' || !Number.isFinite(duplicateThreshold)) {
    throw new ValidationError('options.duplicateThreshold', 'must be a finite number');
  }
  if (isDuplicate !== undefined && typeof isDuplicate !== 'function')
    throw new ValidationError('options.isDuplicate', 'must be a function');
  const writePolicy = options.writePolicy ?? thresholdWritePolicy();
  if (typeof writePolicy !== 'function')
    throw new ValidationError('options.writePolicy', 'must be a function');
  if (namespace !== undefined && (typeof namespace !== 'string' || namespace === '')) {
    throw new ValidationError('options.namespace', 'must be a non-empty string');
  }
  const scope: MetadataFilter =
    namespace === undefined ? { kind: TASK_RECORD_KIND } : { kind: TASK_RECORD_KIND, namespace };

  const embed = async (
    text: string,
    purpose: 'query' | 'document',
    signal: AbortSignal | undefined,
  ) => {
    const { embeddings } = await embedder.provider.embed(
      {
        model: embedder.model,
        values: [text],
        purpose,
        ...(embedder.dimensions === undefined ? {} : { dimensions: embedder.dimensions }),
      },
      signal === undefined ? {} : { signal },
    );
    return embeddings[0] as number[];
  };

  const nearest = async (
    vector: number[],
    topK: number,
    filter: MetadataFilter,
    minScore: number | undefined,
    signal: AbortSignal | undefined,
  ) => {
    const matches = await store.query(vector, {
      topK,
      filter,
      ...(minScore === undefined ? {} : { minScore }),
      ...(signal === undefined ? {} : { signal }),
    });
    return matches.flatMap((match): TaskMatch[] => {
      const task = savedTaskOf(match.id, match.metadata);
      return task === undefined ? [] : [{ task, score: match.score }];
    });
  };

  return {
    async save(task, saveOptions = {}) {
      checkTask(task);
      const signal = saveOptions.signal;
      if (!(await writePolicy(task))) return { saved: false, reason: 'policy' };
      const vector = await embed(task.question, 'document', signal);
      const [closest] = await nearest(vector, 1, scope, undefined, signal);
      if (closest !== undefined) {
        const duplicate =
          isDuplicate === undefined
            ? closest.score >= duplicateThreshold
            : await isDuplicate(task, closest);
        if (duplicate)
          return {
            saved: false,
            reason: 'duplicate',
            duplicateOf: closest.task.id,
            score: closest.score,
          };
      }
      const id = `task:${crypto.randomUUID()}`;
      const metadata: { [key: string]: JsonValue } = {
        kind: TASK_RECORD_KIND,
        question: task.question,
        answer: task.answer,
        toolsUsed: [...task.toolsUsed],
        outcome: task.outcome,
        savedAt: new Date().toISOString(),
        extra: task.metadata ?? {},
      };
      if (namespace !== undefined) metadata.namespace = namespace;
      await store.upsert(
        [{ id, vector, text: task.question, metadata }],
        signal === undefined ? {} : { signal },
      );
      return { saved: true, id };
    },
    async search(question, searchOptions = {}) {
      if (typeof question !== 'string' || question.trim() === '')
        throw new ValidationError('question', 'must be a non-empty string');
      const { topK = 3, minScore, outcome, signal } = searchOptions;
      if (!Number.isInteger(topK) || topK < 1 || topK > 100)
        throw new ValidationError('options.topK', 'must be an integer from 1 to 100');
      const filter: MetadataFilter = outcome === undefined ? scope : { ...scope, outcome };
      return nearest(await embed(question, 'query', signal), topK, filter, minScore, signal);
    },
  };
}
