// Whether the workspace packages a bench loads are built (they are loaded from their dist/).
import { existsSync } from 'node:fs';
import { packageDist } from './paths.mjs';

/**
 * True when `packages/<name>/dist` exists for every name; otherwise false, with
 * "<bench> bench skipped: … missing (run `pnpm build`)" on stderr.
 */
export function packagesBuilt(bench, names) {
  const missing = names.filter((name) => !existsSync(packageDist(name)));
  if (missing.length === 0) return true;
  process.stderr.write(
    `${bench} bench skipped: ${missing.map((name) => `packages/${name}/dist`).join(', ')} missing (run \`pnpm build\`)\n`,
  );
  return false;
}
