import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { findProvider } from '@pydantic/genai-prices';
import { describe, expect, it } from 'vitest';
import type { DatabaseProvider } from './database.js';
import { encodeTable } from './encode-table.js';
import { PACKAGE_TABLES } from './package-tables.js';
import { renderTable } from './render-table.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const find = (id: string): DatabaseProvider | undefined => findProvider({ providerId: id });

describe('the committed price tables', () => {
  it.each(PACKAGE_TABLES)('$file is what the database gives today ($packageName)', (table) => {
    const committed = readFileSync(`${root}${table.file}`, 'utf8');
    // On a difference: `pnpm prices:update`, then review the diff (one model per line).
    expect(committed).toBe(renderTable(table, encodeTable(table, find)));
  });
});
