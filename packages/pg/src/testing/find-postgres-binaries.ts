import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where Debian and Ubuntu install the server binaries: `<root>/<version>/bin`. */
export const DEBIAN_POSTGRES_ROOT = '/usr/lib/postgresql';

/** The binaries a scratch cluster needs. */
const SERVER_BINARIES = ['initdb', 'pg_ctl', 'postgres'] as const;

/** Where the server binaries were found, or why none were. */
export type FoundPostgresBinaries =
  | { readonly binDir: string }
  | { readonly binDir: undefined; readonly reason: string };

/** Options of {@link findPostgresBinaries}: where to look (for tests of this package). */
export interface FindPostgresBinariesOptions {
  /** The environment (`PG_BIN_DIR`, `PATH`). Default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Default {@link DEBIAN_POSTGRES_ROOT}. */
  readonly debianRoot?: string;
}

/**
 * Finds the PostgreSQL server binaries (`initdb`, `pg_ctl`, `postgres`): in `PG_BIN_DIR`, the newest
 * `/usr/lib/postgresql/<version>/bin` (Debian, Ubuntu: not on `PATH`), then `PATH`.
 */
export function findPostgresBinaries(
  options: FindPostgresBinariesOptions = {},
): FoundPostgresBinaries {
  const env = options.env ?? process.env;
  const debianRoot = options.debianRoot ?? DEBIAN_POSTGRES_ROOT;
  const has = (dir: string) => SERVER_BINARIES.every((name) => existsSync(join(dir, name)));
  const candidates: string[] = [];
  if (env.PG_BIN_DIR) candidates.push(env.PG_BIN_DIR);
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+(\.\d+)?$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(join(debianRoot, version, 'bin'));
  }
  for (const dir of (env.PATH ?? '').split(delimiter)) if (dir) candidates.push(dir);
  const binDir = candidates.find(has);
  return binDir === undefined
    ? {
        binDir: undefined,
        reason: `no PostgreSQL server binaries (initdb, pg_ctl, postgres) in PG_BIN_DIR, ${debianRoot}/*/bin or PATH`,
      }
    : { binDir };
}
