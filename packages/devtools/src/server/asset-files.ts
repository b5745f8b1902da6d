import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The page's built files (`scripts/build-ui.mjs` writes them; the package ships them). */
export const ASSET_TYPES: Readonly<Record<string, string>> = Object.freeze({
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
});

/** The package's `assets/` folder: beside `dist/` when installed, beside `src/` in this repository. */
function assetsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, 'assets');
    if (existsSync(join(candidate, 'app.js'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('the devtools page assets are missing: build @aigo/devtools first');
}

/** Reads the built assets once; resolves to their contents by file name. */
export async function loadAssets(): Promise<ReadonlyMap<string, Buffer>> {
  const dir = assetsDir();
  const files = new Map<string, Buffer>();
  for (const name of Object.keys(ASSET_TYPES)) files.set(name, await readFile(join(dir, name)));
  return files;
}
