#!/usr/bin/env node
// Regenerates the price tables of @aigo/openai and @aigo/gemini from the installed
// @pydantic/genai-prices database: `pnpm prices:update` (from the repository root). Reads only the
// data bundled with the installed version — it never asks the database to update itself over the
// network — and writes each package's `*-prices.generated.ts`.
//
// Usage: node bin/update-prices.mjs [repository root] [--check]
//   --check  write nothing; exit 1 when a committed table differs from what the database gives.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { findProvider } from '@pydantic/genai-prices';
import { DATABASE, encodeTable, PACKAGE_TABLES, renderTable } from '../dist/index.js';

const args = process.argv.slice(2);
const check = args.includes('--check');
const root = resolve(args.find((arg) => !arg.startsWith('--')) ?? process.cwd());

// The package exports no ./package.json: read it next to the entry point's dist/ folder.
const entry = createRequire(import.meta.url).resolve('@pydantic/genai-prices');
const manifest = JSON.parse(await readFile(resolve(dirname(entry), '..', 'package.json'), 'utf8'));
const installed = manifest.version;
if (installed !== DATABASE.version) {
  console.error(
    `@pydantic/genai-prices ${installed} is installed, but tooling/prices/src/database.ts names ` +
      `${DATABASE.version}: set its version and publication date (npm view @pydantic/genai-prices time) there first.`,
  );
  process.exit(1);
}

let stale = 0;
for (const table of PACKAGE_TABLES) {
  const source = renderTable(
    table,
    encodeTable(table, (id) => findProvider({ providerId: id })),
  );
  const file = resolve(root, table.file);
  const current = await readFile(file, 'utf8').catch(() => '');
  if (current === source) {
    console.log(`${table.file}: up to date`);
  } else if (check) {
    stale++;
    console.error(`${table.file}: differs from ${DATABASE.name} ${DATABASE.version}`);
  } else {
    await writeFile(file, source);
    console.log(`${table.file}: written`);
  }
}
if (stale > 0) process.exit(1);
