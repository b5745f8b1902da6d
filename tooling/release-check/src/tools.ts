import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How to start a command: the executable and the arguments that come before the caller's. */
export interface Invocation {
  readonly command: string;
  readonly args: readonly string[];
}

const PACKAGE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How to run a tool installed as a devDependency of this package: `node <its bin script>`, found through
 * node_modules from this package's directory upward (no npx, no network).
 *
 * @param packageName - The npm package (`publint`, `@arethetypeswrong/cli`).
 * @param binName - Its bin entry (`publint`, `attw`).
 * @throws Error when the package is not installed or has no such bin.
 */
export function toolInvocation(packageName: string, binName: string): Invocation {
  for (let dir = PACKAGE_DIR; ; dir = dirname(dir)) {
    const manifestPath = join(dir, 'node_modules', packageName, 'package.json');
    if (existsSync(manifestPath)) {
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: unknown };
      const bin =
        typeof manifest.bin === 'string'
          ? manifest.bin
          : (manifest.bin as Record<string, string> | undefined)?.[binName];
      if (typeof bin !== 'string') throw new Error(`${packageName} has no "${binName}" bin`);
      return { command: process.execPath, args: [join(dirname(manifestPath), bin)] };
    }
    if (dirname(dir) === dir) {
      throw new Error(`${packageName} is not installed; run pnpm install at the repository root`);
    }
  }
}

/**
 * How to run pnpm: the very pnpm that runs this script (`npm_execpath`, so `npx pnpm@… release:check`
 * works without a global pnpm), else `pnpm` from PATH.
 *
 * @param env - The environment to read (default `process.env`).
 */
export function pnpmInvocation(env: NodeJS.ProcessEnv = process.env): Invocation {
  const execPath = env.npm_execpath;
  if (execPath && /pnpm(?:\.c?js)?$/.test(execPath)) {
    return /\.c?js$/.test(execPath)
      ? { command: process.execPath, args: [execPath] }
      : { command: execPath, args: [] };
  }
  return { command: 'pnpm', args: [] };
}
