import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { type PackageManifest, readManifest } from './manifest.js';

/** One package of the pnpm workspace. */
export interface WorkspacePackage {
  /** The `name` field of its package.json. */
  readonly name: string;
  /** Absolute directory. */
  readonly dir: string;
  /** Directory relative to the workspace root, with `/` separators (`packages/ai`). */
  readonly relativeDir: string;
  /** Its parsed package.json. */
  readonly manifest: PackageManifest;
}

/** A pnpm workspace: the root manifest and every member package, sorted by directory. */
export interface Workspace {
  readonly root: string;
  readonly rootManifest: PackageManifest;
  readonly packages: readonly WorkspacePackage[];
}

/**
 * Reads the `packages:` globs of a `pnpm-workspace.yaml`. Only the forms this repository uses are
 * supported: `dir`, `dir/*` and their `!` negations.
 *
 * @param text - The YAML text.
 * @throws Error for a glob form it does not support, so a new form is noticed rather than skipped.
 */
export function parseWorkspaceGlobs(text: string): string[] {
  const globs: string[] = [];
  let inPackages = false;
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/\s+#.*$/, '');
    if (/^packages:\s*$/.test(line)) {
      inPackages = true;
      continue;
    }
    if (!inPackages || line.trim() === '' || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      inPackages = false;
      continue;
    }
    const match = /^\s+-\s+(['"]?)([^'"]+)\1\s*$/.exec(line);
    if (!match?.[2]) throw new Error(`unsupported line in pnpm-workspace.yaml: ${rawLine.trim()}`);
    const glob = match[2];
    if (!/^!?[\w.@-]+(\/[\w.@-]+)*(\/\*)?$/.test(glob)) {
      throw new Error(
        `unsupported workspace glob "${glob}" (only "dir" and "dir/*" are supported)`,
      );
    }
    globs.push(glob);
  }
  return globs;
}

/**
 * Finds the workspace root: the nearest directory at or above `start` holding a `pnpm-workspace.yaml`.
 *
 * @throws Error when there is none.
 */
export function findWorkspaceRoot(start: string): string {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no pnpm-workspace.yaml at or above ${start}`);
    dir = parent;
  }
}

/**
 * Lists the packages of the pnpm workspace rooted at `root` (the directory of `pnpm-workspace.yaml`).
 *
 * @param root - The workspace root directory.
 */
export function readWorkspace(root: string): Workspace {
  const absoluteRoot = resolve(root);
  const globs = parseWorkspaceGlobs(
    readFileSync(join(absoluteRoot, 'pnpm-workspace.yaml'), 'utf8'),
  );
  const excluded = new Set(globs.filter((g) => g.startsWith('!')).map((g) => g.slice(1)));
  const dirs = new Set<string>();
  for (const glob of globs) {
    if (glob.startsWith('!')) continue;
    if (glob.endsWith('/*')) {
      const base = join(absoluteRoot, glob.slice(0, -2));
      if (!existsSync(base)) continue;
      for (const entry of readdirSync(base, { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.add(join(base, entry.name));
      }
    } else {
      dirs.add(join(absoluteRoot, glob));
    }
  }
  const packages: WorkspacePackage[] = [];
  for (const dir of dirs) {
    const relativeDir = relative(absoluteRoot, dir).split(sep).join('/');
    if (excluded.has(relativeDir) || !existsSync(join(dir, 'package.json'))) continue;
    const manifest = readManifest(join(dir, 'package.json'));
    if (typeof manifest.name !== 'string' || manifest.name === '') {
      throw new Error(`${relativeDir}/package.json has no name`);
    }
    packages.push({ name: manifest.name, dir, relativeDir, manifest });
  }
  packages.sort((a, b) => a.relativeDir.localeCompare(b.relativeDir));
  return {
    root: absoluteRoot,
    rootManifest: readManifest(join(absoluteRoot, 'package.json')),
    packages,
  };
}
