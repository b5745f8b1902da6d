import { statSync } from 'node:fs';
import { listTarball } from './list-tarball.js';
import { runCommand } from './run-command.js';
import { pnpmInvocation } from './tools.js';

/** A tarball made by `pnpm pack`. */
export interface PackedPackage {
  /** Absolute path of the `.tgz`. */
  readonly tarball: string;
  /** Its size in bytes (what `npm publish` uploads). */
  readonly bytes: number;
  /** The paths it holds, relative to the package root (read from the archive). */
  readonly files: readonly string[];
}

interface PnpmPackJson {
  readonly filename?: unknown;
}

/**
 * Packs a package with `pnpm pack` (so `workspace:` ranges are rewritten as on publish) into `destination`.
 *
 * @param packageDir - The package directory.
 * @param destination - An existing directory for the tarball.
 * @throws Error with pnpm's output when packing fails.
 */
export async function packPackage(packageDir: string, destination: string): Promise<PackedPackage> {
  const pnpm = pnpmInvocation();
  const result = await runCommand(
    pnpm.command,
    [...pnpm.args, 'pack', '--pack-destination', destination, '--json'],
    packageDir,
  );
  if (result.code !== 0) throw new Error(`pnpm pack failed: ${packError(result.output)}`);
  const json = parsePackJson(result.stdout);
  if (typeof json.filename !== 'string') {
    throw new Error(`pnpm pack printed no filename:\n${result.stdout.trim()}`);
  }
  const files = listTarball(json.filename);
  return { tarball: json.filename, bytes: statSync(json.filename).size, files };
}

/** pnpm's own message from a failed `pnpm pack --json` (`{ "error": { "message" } }`), else its output. */
function packError(output: string): string {
  try {
    const parsed = parsePackJson(output) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return parsed.error.message;
  } catch {
    // not JSON: fall through to the raw output
  }
  return output.trim();
}

/** The JSON object `pnpm pack --json` prints, ignoring any lines a lifecycle script printed before it. */
function parsePackJson(stdout: string): PnpmPackJson {
  const start = stdout.indexOf('{');
  if (start === -1) throw new Error(`pnpm pack printed no JSON:\n${stdout.trim()}`);
  return JSON.parse(stdout.slice(start)) as PnpmPackJson;
}
