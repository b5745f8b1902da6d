import type { ListTasksRequest, ListTasksResponse, Task } from '@a2a-js/sdk';
import type { ServerCallContext, TaskStore } from '@a2a-js/sdk/server';
import { ValidationError } from '@aigo/ai';
import {
  checkIdentifier,
  checkSchemaName,
  migrate,
  openPgPool,
  type PgPoolHandle,
  type PgPoolOptions,
  qualifiedName,
  quoteIdentifier,
  toStoreError,
} from '@aigo/pg';
import { decodePageToken, decodeTask, encodePageToken, encodeTask } from './task-codec.js';

/** Options of `pgTaskStore`: how to reach PostgreSQL (one of `pool`, `connectionString`, `poolConfig`) and where to keep tasks. */
export interface PgTaskStoreOptions extends PgPoolOptions {
  /** The schema of the table (created when missing). Default `public`. */
  readonly schema?: string;
  /** The table. Default `aigo_a2a_tasks`. */
  readonly tableName?: string;
  /**
   * Whose tasks a call sees: tasks are kept per tenant and owner, as the SDK's in-memory store does.
   * Default: the authenticated user's name (`unknown` without one), the SDK's `resolveUserScope`.
   */
  readonly ownerOf?: (context: ServerCallContext) => string;
}

/** A task store in PostgreSQL: the SDK's `TaskStore`, plus `ready` and `close`. */
export interface PgTaskStore extends TaskStore {
  /** Creates or updates the table now (every other call does it on first use). */
  ready(): Promise<void>;
  /** Ends the pool when the store created it. Idempotent. */
  close(): Promise<void>;
}

const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 100;

function migrations(table: string, tableName: string) {
  return [
    {
      version: 1,
      name: 'A2A tasks table',
      up: `CREATE TABLE ${table} (
        tenant text NOT NULL,
        owner text NOT NULL,
        id text NOT NULL,
        context_id text NOT NULL,
        state integer NOT NULL,
        status_time text NOT NULL,
        task jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (tenant, owner, id)
      );
      CREATE INDEX ${quoteIdentifier(`${tableName}_list`)} ON ${table} (tenant, owner, status_time DESC, id DESC);`,
    },
  ];
}

/**
 * The SDK's `TaskStore` in PostgreSQL (one jsonb row per task, kept per tenant and owner), for
 * `serveA2A({ taskStore })`: tasks survive a restart and are shared by every server process on the
 * database. The table is created on first use by `@aigo/pg`'s versioned migrations (under an
 * advisory lock, so any number of processes may start at once). Failures are `MemoryError`s naming
 * the table, with PostgreSQL's SQLSTATE as `pgCode`.
 *
 * @throws ValidationError naming the option that is wrong.
 */
export function pgTaskStore(options: PgTaskStoreOptions): PgTaskStore {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError(
      'options',
      'must be an object with pool, connectionString or poolConfig',
    );
  }
  const { schema: schemaOption, tableName: tableOption, ownerOf, ...poolOptions } = options;
  const schema = checkSchemaName(schemaOption ?? 'public', 'schema');
  const tableName = checkIdentifier(tableOption ?? 'aigo_a2a_tasks', 'tableName', {
    maxLength: 50,
  });
  if (ownerOf !== undefined && typeof ownerOf !== 'function') {
    throw new ValidationError('ownerOf', 'must be a function of the call context');
  }
  const owner = ownerOf ?? ((context: ServerCallContext) => context.user?.userName || 'unknown');
  const handle: PgPoolHandle = openPgPool(poolOptions, { defaultApplicationName: 'aigo-a2a' });
  const table = qualifiedName(schema, tableName);
  let preparing: Promise<void> | undefined;

  const ready = (): Promise<void> => {
    preparing ??= migrate(handle.pool, {
      schema,
      component: `a2a:${tableName}`,
      migrations: migrations(table, tableName),
      label: table,
      packageName: '@aigo/a2a',
      operation: `Preparing ${table}`,
      server: handle.server,
    }).then(
      () => undefined,
      (error: unknown) => {
        preparing = undefined;
        throw error;
      },
    );
    return preparing;
  };

  const run = async <T>(operation: string, work: () => Promise<T>): Promise<T> => {
    if (handle.closed)
      throw toStoreError(new Error('the store is closed'), { operation, server: handle.server });
    await ready();
    try {
      return await work();
    } catch (error) {
      throw toStoreError(error, { operation, server: handle.server });
    }
  };

  const scope = (context: ServerCallContext): [string, string] => [
    context.tenant ?? '',
    owner(context),
  ];

  return {
    ready,
    close: () => handle.close(),
    save: (task: Task, context: ServerCallContext) =>
      run(`Saving task ${task.id} to ${table}`, async () => {
        const [tenant, taskOwner] = scope(context);
        await handle.pool.query(
          `INSERT INTO ${table} (tenant, owner, id, context_id, state, status_time, task)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
           ON CONFLICT (tenant, owner, id) DO UPDATE SET context_id = EXCLUDED.context_id,
             state = EXCLUDED.state, status_time = EXCLUDED.status_time, task = EXCLUDED.task,
             updated_at = now()`,
          [
            tenant,
            taskOwner,
            task.id,
            task.contextId,
            task.status?.state ?? 0,
            task.status?.timestamp ?? '',
            encodeTask(task),
          ],
        );
      }),
    load: (taskId: string, context: ServerCallContext) =>
      run(`Loading task ${taskId} from ${table}`, async () => {
        const [tenant, taskOwner] = scope(context);
        const result = await handle.pool.query<{ task: unknown }>(
          `SELECT task FROM ${table} WHERE tenant = $1 AND owner = $2 AND id = $3`,
          [tenant, taskOwner, taskId],
        );
        const row = result.rows[0];
        return row === undefined ? undefined : decodeTask(row.task);
      }),
    list: (params: ListTasksRequest, context: ServerCallContext) =>
      run(`Listing tasks of ${table}`, () => listTasks(handle, table, scope(context), params)),
  };
}

async function listTasks(
  handle: PgPoolHandle,
  table: string,
  [tenant, owner]: [string, string],
  params: ListTasksRequest,
): Promise<ListTasksResponse> {
  const pageSize = Math.min(Math.max(params.pageSize ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const where = ['tenant = $1', 'owner = $2'];
  const values: unknown[] = [tenant, owner];
  if (params.contextId) {
    values.push(params.contextId);
    where.push(`context_id = $${values.length}`);
  }
  if (params.status !== undefined && params.status !== 0) {
    values.push(params.status);
    where.push(`state = $${values.length}`);
  }
  if (params.statusTimestampAfter) {
    values.push(new Date(params.statusTimestampAfter).toISOString());
    where.push(`status_time <> '' AND status_time::timestamptz > $${values.length}::timestamptz`);
  }
  const filter = where.join(' AND ');
  const total = await handle.pool.query<{ count: string }>(
    `SELECT count(*) AS count FROM ${table} WHERE ${filter}`,
    values,
  );
  const cursor = params.pageToken ? decodePageToken(params.pageToken) : undefined;
  const pageValues = [...values];
  let pageFilter = filter;
  if (params.pageToken && cursor === undefined) {
    return { tasks: [], nextPageToken: '', pageSize, totalSize: Number(total.rows[0]?.count ?? 0) };
  }
  if (cursor !== undefined) {
    pageValues.push(cursor[0], cursor[1]);
    pageFilter += ` AND (status_time, id) < ($${pageValues.length - 1}, $${pageValues.length})`;
  }
  pageValues.push(pageSize + 1);
  const page = await handle.pool.query<{ task: unknown }>(
    `SELECT task FROM ${table} WHERE ${pageFilter} ORDER BY status_time DESC, id DESC LIMIT $${pageValues.length}`,
    pageValues,
  );
  const tasks = page.rows.slice(0, pageSize).map((row) => {
    const task = decodeTask(row.task);
    return params.includeArtifacts ? task : { ...task, artifacts: [] };
  });
  const last = tasks.at(-1);
  const nextPageToken =
    page.rows.length > pageSize && last !== undefined
      ? encodePageToken(last.status?.timestamp ?? '', last.id)
      : '';
  return { tasks, nextPageToken, pageSize, totalSize: Number(total.rows[0]?.count ?? 0) };
}
