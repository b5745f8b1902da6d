import * as fs from 'node:fs/promises';
import { resolve } from 'node:path';
import { CliError } from './cli-io.js';

const GLOB = /[*?[\]{}]/;

/**
 * The files named on the command line, in order: a pattern with `*`, `?`, `[…]` or `{…}` (a shell
 * that did not expand it, as on Windows) is expanded with `fs.glob`, sorted.
 *
 * @throws CliError for a pattern that matches nothing.
 */
export async function expandFiles(patterns: readonly string[], cwd: string): Promise<string[]> {
  const files: string[] = [];
  for (const pattern of patterns) {
    if (!GLOB.test(pattern)) {
      files.push(resolve(cwd, pattern));
      continue;
    }
    const glob = (
      fs as { glob?: (pattern: string, options: { cwd: string }) => AsyncIterable<string> }
    ).glob;
    if (glob === undefined)
      throw new CliError(`cannot expand ${pattern} on Node ${process.version}: list the files`);
    const matched: string[] = [];
    for await (const file of glob(pattern, { cwd })) matched.push(resolve(cwd, file));
    if (matched.length === 0) throw new CliError(`${pattern} matches no file`);
    files.push(...matched.sort());
  }
  return files;
}
