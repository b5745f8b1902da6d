import {
  checkEmbedderSettings,
  checkOptionKeys,
  ValidationError,
  VECTOR_METRICS,
  type VectorMetric,
} from '@aigo/ai';
import {
  checkIdentifier,
  checkPoolOptions,
  checkSchemaName,
  type PgPoolOptions,
  type PgPoolSettings,
} from '@aigo/pg';
import type {
  PgLexicalOptions,
  PgVectorIndex,
  PgVectorStoreOptions,
} from './pg-vector-store-options.js';

/** The pool settings of this package. */
export const POOL_SETTINGS: PgPoolSettings = { defaultApplicationName: 'aigo-vector-pg' };

/** pgvector's largest indexable `vector` length. */
export const MAX_HNSW_DIMENSIONS = 2000;

/** The largest vector length accepted at all (pgvector's `vector` type limit). */
export const MAX_DIMENSIONS = 16_000;

const POOL_KEYS = [
  'pool',
  'connectionString',
  'poolConfig',
  'poolSize',
  'connectTimeoutMs',
  'applicationName',
  'onPoolError',
] as const;

/** The pool options among a store's options. */
export function poolOptionsOf(options: PgVectorStoreOptions): PgPoolOptions {
  const picked: Record<string, unknown> = {};
  for (const key of POOL_KEYS) if (key in options) picked[key] = options[key];
  return picked as PgPoolOptions;
}

/** The checked settings of a store. */
export interface CheckedStoreOptions {
  readonly dimensions: number;
  readonly metric: VectorMetric;
  readonly index: PgVectorIndex;
  readonly m: number;
  readonly efConstruction: number;
  readonly efSearch: number;
  readonly schema: string;
  readonly table: string;
  readonly migrate: boolean;
  /** The keyword index, when the store has one. */
  readonly lexical: Required<PgLexicalOptions> | undefined;
}

const OPTION_KEYS = new Set<string>([
  ...POOL_KEYS,
  'dimensions',
  'metric',
  'index',
  'hnsw',
  'schema',
  'tableName',
  'embedder',
  'migrate',
  'lexical',
]);

/** Checks `options.lexical`: a text search configuration name and a match mode. */
function checkLexicalOptions(lexical: unknown): Required<PgLexicalOptions> | undefined {
  if (lexical === undefined) return undefined;
  if (lexical === null || typeof lexical !== 'object')
    throw new ValidationError('options.lexical', 'must be { language, match? }');
  const extra = Object.keys(lexical).find((key) => key !== 'language' && key !== 'match');
  if (extra !== undefined)
    throw new ValidationError(`options.lexical.${extra}`, 'is not an option');
  const { language, match = 'all' } = lexical as PgLexicalOptions;
  if (typeof language !== 'string' || !/^[a-z_][a-z0-9_]{0,62}$/.test(language)) {
    throw new ValidationError(
      'options.lexical.language',
      'must be the name of a text search configuration (english, simple, …)',
    );
  }
  if (match !== 'all' && match !== 'any')
    throw new ValidationError('options.lexical.match', 'must be "all" or "any"');
  return { language, match };
}

function integerIn(
  value: unknown,
  argument: string,
  min: number,
  max: number,
  fallback: number,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ValidationError(argument, `must be an integer from ${min} to ${max}`);
  }
  return value;
}

/**
 * Checks the options of `pgVectorStore`.
 *
 * @throws ValidationError naming the option (`options.dimensions`, `options.hnsw.m`, …).
 */
export function checkStoreOptions(options: unknown): CheckedStoreOptions {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError(
      'options',
      'must be an object with dimensions and a pool or connectionString',
    );
  }
  const o = options as PgVectorStoreOptions;
  checkOptionKeys(o, OPTION_KEYS, { owner: 'pgVectorStore()' });
  checkPoolOptions(poolOptionsOf(o), POOL_SETTINGS);
  const dimensions = integerIn(o.dimensions, 'options.dimensions', 1, MAX_DIMENSIONS, Number.NaN);
  if (Number.isNaN(dimensions))
    throw new ValidationError('options.dimensions', 'is required (the vector length)');
  const metric = o.metric ?? 'cosine';
  if (!VECTOR_METRICS.includes(metric)) {
    throw new ValidationError('options.metric', `must be one of ${VECTOR_METRICS.join(', ')}`);
  }
  const index = o.index ?? 'auto';
  if (index !== 'auto' && index !== 'hnsw' && index !== 'exact') {
    throw new ValidationError('options.index', 'must be "auto", "hnsw" or "exact"');
  }
  if (index === 'hnsw' && dimensions > MAX_HNSW_DIMENSIONS) {
    throw new ValidationError(
      'options.dimensions',
      `must be at most ${MAX_HNSW_DIMENSIONS} for an HNSW index (pgvector's limit); use index: "exact" or shorter vectors`,
    );
  }
  if (o.hnsw !== undefined && (o.hnsw === null || typeof o.hnsw !== 'object')) {
    throw new ValidationError('options.hnsw', 'must be an object');
  }
  const m = integerIn(o.hnsw?.m, 'options.hnsw.m', 2, 100, 16);
  const efConstruction = integerIn(
    o.hnsw?.efConstruction,
    'options.hnsw.efConstruction',
    4,
    1000,
    64,
  );
  if (efConstruction < 2 * m) {
    throw new ValidationError('options.hnsw.efConstruction', `must be at least 2 × m (${2 * m})`);
  }
  const efSearch = integerIn(o.hnsw?.efSearch, 'options.hnsw.efSearch', 1, 1000, 100);
  const schema = checkSchemaName(o.schema ?? 'public', 'options.schema');
  // The index name adds up to 12 characters (`_hnsw_cosine`).
  const table = checkIdentifier(o.tableName ?? 'aigo_vectors', 'options.tableName', {
    maxLength: 50,
    maxLengthReason: 'the index names derived from it must fit PostgreSQL’s 63',
  });
  if (o.embedder !== undefined) checkEmbedderSettings(o.embedder, 'options.embedder');
  if (o.migrate !== undefined && typeof o.migrate !== 'boolean') {
    throw new ValidationError('options.migrate', 'must be a boolean');
  }
  return {
    dimensions,
    metric,
    index,
    m,
    efConstruction,
    efSearch,
    schema,
    table,
    migrate: o.migrate ?? true,
    lexical: checkLexicalOptions(o.lexical),
  };
}
