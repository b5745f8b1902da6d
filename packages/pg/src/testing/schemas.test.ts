import { describe, expect, it } from 'vitest';
import { adminPool, database } from '../../test/support/helpers.js';
import { createTestSchema, uniqueSchemaName } from './schemas.js';
import { testDatabase, withTestSchema } from './vitest.js';

async function schemaExists(schema: string): Promise<boolean> {
  const found = await adminPool().query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  return found.rowCount === 1;
}

let fromPreviousTest = '';

describe(`test schemas (${database.kind})`, () => {
  it('unique names are valid identifiers that never repeat', () => {
    const names = Array.from({ length: 50 }, () => uniqueSchemaName('x'));
    expect(new Set(names).size).toBe(50);
    for (const name of names) expect(name).toMatch(/^x_\d+_\d+_[a-z0-9]+$/);
    expect(uniqueSchemaName('p'.repeat(80)).length).toBe(63);
  });

  it('withTestSchema creates a schema for the running test…', async () => {
    expect(testDatabase()).toEqual(database);
    fromPreviousTest = await withTestSchema({ prefix: 'mine' });
    expect(fromPreviousTest).toMatch(/^mine_/);
    expect(await schemaExists(fromPreviousTest)).toBe(true);
    await adminPool().query(`CREATE TABLE "${fromPreviousTest}".t (id int)`);
    const lazy = await withTestSchema({ create: false });
    expect(await schemaExists(lazy)).toBe(false);
  });

  it('…and drops it, with everything in it, when that test finishes', async () => {
    expect(fromPreviousTest).not.toBe('');
    expect(await schemaExists(fromPreviousTest)).toBe(false);
  });

  it('createTestSchema works without vitest: create, then drop', async () => {
    const { schema, drop } = await createTestSchema(database.url, { prefix: 'plain' });
    expect(await schemaExists(schema)).toBe(true);
    await drop();
    expect(await schemaExists(schema)).toBe(false);
    await drop();
  });
});
