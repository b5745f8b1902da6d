import { ValidationError } from '@aigo/ai';
import { checkIdentifier, checkSchemaName, qualifiedName } from '../names/identifiers.js';
import {
  DEFAULT_MIGRATIONS_TABLE,
  type MigrateOptions,
  type Migration,
  type MigrationTarget,
} from './migration.js';

/** A checked {@link MigrationTarget}, with the names quoted. */
export interface CheckedTarget {
  readonly schema: string;
  readonly table: string;
  readonly component: string;
  /** `"schema"."table"`. */
  readonly tableSql: string;
  readonly baseline: MigrationTarget['baseline'];
}

/**
 * Checks where versions are recorded.
 *
 * @throws ValidationError naming `schema`, `table`, `component` or `baseline`.
 */
export function checkMigrationTarget(target: MigrationTarget): CheckedTarget {
  if (target === null || typeof target !== 'object') {
    throw new ValidationError('options', 'must be an object with schema, component and migrations');
  }
  const schema = checkSchemaName(target.schema);
  const table = checkIdentifier(target.table ?? DEFAULT_MIGRATIONS_TABLE, 'table', {
    maxLength: 58,
    maxLengthReason: 'its primary key is named <table>_pkey, which must fit 63 bytes',
  });
  const { component, baseline } = target;
  if (
    typeof component !== 'string' ||
    component === '' ||
    component.length > 200 ||
    !/^[\x20-\x7e]+$/.test(component)
  ) {
    throw new ValidationError('component', 'must be 1 to 200 printable ASCII characters');
  }
  if (baseline !== undefined && typeof baseline !== 'function') {
    throw new ValidationError('baseline', 'must be a function');
  }
  return { schema, table, component, tableSql: qualifiedName(schema, table), baseline };
}

function checkMigration(value: unknown, index: number, previous: number): Migration {
  const argument = `migrations[${index}]`;
  if (value === null || typeof value !== 'object') {
    throw new ValidationError(argument, 'must be an object with version, name and up');
  }
  const { version, name, up } = value as Migration;
  if (!Number.isSafeInteger(version) || version < 1 || version > 2_147_483_647) {
    throw new ValidationError(`${argument}.version`, 'must be a positive integer');
  }
  if (version <= previous) {
    throw new ValidationError(
      `${argument}.version`,
      `must be greater than the version before it (${previous}): list the steps in increasing order`,
    );
  }
  if (typeof name !== 'string' || name.trim() === '') {
    throw new ValidationError(`${argument}.name`, 'must be a non-empty string');
  }
  if (!(typeof up === 'function' || (typeof up === 'string' && up.trim() !== ''))) {
    throw new ValidationError(`${argument}.up`, 'must be SQL or a function of the client');
  }
  return value as Migration;
}

/**
 * Checks the steps of a component: at least one, each with a positive integer `version` (increasing),
 * a `name` and an `up`.
 *
 * @throws ValidationError naming the field (`migrations[1].version`).
 */
export function checkMigrations(migrations: unknown): readonly Migration[] {
  if (!Array.isArray(migrations) || migrations.length === 0) {
    throw new ValidationError('migrations', 'must be a non-empty array of steps');
  }
  let previous = 0;
  return migrations.map((migration: unknown, index) => {
    const checked = checkMigration(migration, index, previous);
    previous = checked.version;
    return checked;
  });
}

/**
 * Checks the options of `migrate`.
 *
 * @throws ValidationError naming the first bad option.
 */
export function checkMigrateOptions(options: MigrateOptions): {
  target: CheckedTarget;
  migrations: readonly Migration[];
} {
  const target = checkMigrationTarget(options);
  const migrations = checkMigrations(options.migrations);
  for (const key of ['label', 'packageName', 'operation'] as const) {
    const value = options[key];
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw new ValidationError(key, 'must be a non-empty string');
    }
  }
  if (options.makeError !== undefined && typeof options.makeError !== 'function') {
    throw new ValidationError('makeError', 'must be a function');
  }
  if (
    options.signal !== undefined &&
    (options.signal === null ||
      typeof options.signal !== 'object' ||
      typeof options.signal.aborted !== 'boolean')
  ) {
    throw new ValidationError('signal', 'must be an AbortSignal');
  }
  return { target, migrations };
}
