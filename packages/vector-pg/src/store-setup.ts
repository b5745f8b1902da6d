import { ValidationError } from '@aigo/ai';
import {
  type MigrateOptions,
  memoryErrorFactory,
  migrate,
  type Queryable,
  readSchemaVersion,
  type ServerAddress,
} from '@aigo/pg';
import type { Pool } from 'pg';
import type { CheckedStoreOptions } from './check-store-options.js';
import type { PgVectorMode } from './pg-vector-store-options.js';
import {
  hnswMigrations,
  lexicalMigrations,
  type TableNames,
  tableMigrations,
} from './table-sql.js';

/** What the server offers and what the table is, read before any migration. */
interface ServerFacts {
  /** The installed pgvector version, `undefined` when not installed in this database. */
  readonly installed: string | undefined;
  /** Whether the server can install pgvector. */
  readonly available: boolean;
  /** `format_type` of the existing table's `embedding` column, `undefined` when there is no table. */
  readonly column: string | undefined;
}

async function readFacts(db: Queryable, names: TableNames): Promise<ServerFacts> {
  const { rows } = await db.query<{
    installed: string | null;
    available: boolean;
    column_type: string | null;
  }>(
    `SELECT
       (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS installed,
       EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available,
       (SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a
         WHERE a.attrelid = to_regclass($1) AND a.attname = 'embedding' AND NOT a.attisdropped) AS column_type`,
    [names.qualified],
  );
  const row = rows[0];
  return {
    installed: row?.installed ?? undefined,
    available: row?.available === true,
    column: row?.column_type ?? undefined,
  };
}

/** The mode of an existing column: `vector(n)` → hnsw, `double precision[]` → exact. */
function modeOfColumn(column: string): PgVectorMode {
  return column.startsWith('vector') ? 'hnsw' : 'exact';
}

/** The settled facts of a ready store. */
export interface ReadyFacts {
  readonly mode: PgVectorMode;
  /** Whether pgvector takes `hnsw.iterative_scan` (0.8 and later), used with filters. */
  readonly iterativeScan: boolean;
}

function atLeast(version: string | undefined, major: number, minor: number): boolean {
  if (version === undefined) return false;
  const [a = 0, b = 0] = version.split('.').map(Number);
  return a > major || (a === major && b >= minor);
}

/**
 * Settles the mode (`auto`: the existing table's, else hnsw when the server has pgvector, else
 * exact), runs the migrations (or, with `migrate: false`, checks they ran), and checks that the
 * table is what the options say: its mode and its vector length.
 *
 * @throws ValidationError naming `options.index` or `options.dimensions` when the table disagrees.
 */
export async function setUpStore(
  pool: Pool,
  names: TableNames,
  settings: CheckedStoreOptions,
  server: ServerAddress,
  signal: AbortSignal | undefined,
): Promise<ReadyFacts> {
  const facts = await readFacts(pool, names);
  let mode: PgVectorMode;
  if (facts.column !== undefined) mode = modeOfColumn(facts.column);
  else if (settings.index !== 'auto') mode = settings.index;
  else mode = facts.installed !== undefined || facts.available ? 'hnsw' : 'exact';
  if (settings.index !== 'auto' && settings.index !== mode) {
    throw new ValidationError(
      'options.index',
      `is "${settings.index}" but ${names.qualified} was made for "${mode}" search`,
    );
  }
  if (mode === 'hnsw' && facts.installed === undefined && !facts.available) {
    throw new ValidationError(
      'options.index',
      'is "hnsw" but the server has no pgvector extension (use "exact" or install pgvector)',
    );
  }
  const component = `vector-pg:${names.table}`;
  const hnswComponent = `vector-pg:${names.table}:hnsw-${settings.metric}`;
  const common = {
    schema: names.schema,
    label: names.qualified,
    packageName: '@aigo/vector-pg',
    makeError: memoryErrorFactory,
    server,
    ...(signal === undefined ? {} : { signal }),
  };
  if (settings.migrate) {
    await migrate(pool, {
      ...common,
      component,
      migrations: tableMigrations(names, mode, settings.dimensions),
    });
    if (mode === 'hnsw') {
      await migrate(pool, {
        ...common,
        component: hnswComponent,
        migrations: hnswMigrations(names, settings.metric, settings.m, settings.efConstruction),
      });
    }
  } else if ((await readSchemaVersion(pool, { schema: names.schema, component })) < 1) {
    throw new ValidationError(
      'options.migrate',
      `is false but ${names.qualified} was never created (run once with migrate: true)`,
    );
  }
  const after = facts.column ?? (await readFacts(pool, names)).column;
  const expected = mode === 'hnsw' ? `vector(${settings.dimensions})` : 'double precision[]';
  if (after !== expected) {
    throw new ValidationError(
      'options.dimensions',
      `is ${settings.dimensions} but ${names.qualified}.embedding is ${after ?? 'missing'}`,
    );
  }
  if (mode === 'exact') {
    const { rows } = await pool.query<{ length: number | null }>(
      `SELECT cardinality(embedding) AS length FROM ${names.qualified} LIMIT 1`,
    );
    const length = rows[0]?.length;
    if (length !== undefined && length !== null && length !== settings.dimensions) {
      throw new ValidationError(
        'options.dimensions',
        `is ${settings.dimensions} but ${names.qualified} holds vectors of ${length}`,
      );
    }
  }
  if (settings.lexical !== undefined) {
    await setUpLexical(pool, names, settings.lexical.language, settings.migrate, common);
  }
  const version =
    facts.installed ?? (mode === 'hnsw' ? (await readFacts(pool, names)).installed : undefined);
  return { mode, iterativeScan: atLeast(version, 0, 8) };
}

/**
 * Adds the keyword column (or, with `migrate: false`, checks it is there) and checks it was made for
 * `language`: a configuration the server lacks is `options.lexical.language`, and so is a table
 * whose column another language made.
 */
async function setUpLexical(
  pool: Pool,
  names: TableNames,
  language: string,
  shouldMigrate: boolean,
  common: Omit<MigrateOptions, 'component' | 'migrations'>,
): Promise<void> {
  const { rows } = await pool.query<{ known: boolean; expression: string | null }>(
    `SELECT EXISTS (SELECT 1 FROM pg_ts_config c WHERE c.cfgname = $1::text AND pg_ts_config_is_visible(c.oid)) AS known,
       (SELECT pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a
          ON a.attrelid = d.adrelid AND a.attnum = d.adnum
        WHERE a.attrelid = to_regclass($2::text) AND a.attname = 'lexical' AND NOT a.attisdropped) AS expression`,
    [language, names.qualified],
  );
  const facts = rows[0];
  if (facts?.known !== true) {
    throw new ValidationError(
      'options.lexical.language',
      `is "${language}" but the server has no such text search configuration (see pg_ts_config)`,
    );
  }
  const expression = facts.expression ?? undefined;
  if (expression !== undefined) {
    const made = /'([a-z_][a-z0-9_]*)'::regconfig/.exec(expression)?.[1];
    if (made !== language) {
      throw new ValidationError(
        'options.lexical.language',
        `is "${language}" but ${names.qualified}.lexical was made for "${made ?? expression}"`,
      );
    }
  }
  if (shouldMigrate) {
    await migrate(pool, {
      ...common,
      component: `vector-pg:${names.table}:lexical`,
      migrations: lexicalMigrations(names, language),
    });
  } else if (expression === undefined) {
    throw new ValidationError(
      'options.migrate',
      `is false but ${names.qualified} has no keyword column (run once with migrate: true and lexical)`,
    );
  }
}
