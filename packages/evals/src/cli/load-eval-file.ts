import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AigoError } from '@aigo/ai';

/** How a TypeScript eval file is loaded: Node's own type stripping, esbuild, or whichever works. */
export type TypeScriptLoader = 'auto' | 'node' | 'esbuild';

const TYPESCRIPT = /\.[cm]?ts$/;

/** Whether this Node strips TypeScript types itself (22.18 and newer, unless turned off). */
export function nodeStripsTypes(): boolean {
  const features = process.features as { typescript?: unknown };
  return features.typescript === 'strip' || features.typescript === 'transform';
}

/**
 * Imports an eval file and returns its module. A TypeScript file is imported as it is where Node
 * strips types (Node 22.18 and newer), else compiled with esbuild (an optional peer) into a
 * temporary module beside it — so its imports resolve as they would from the file — which is
 * removed after loading.
 *
 * @throws AigoError `unsupported` when the file is TypeScript, Node cannot strip types and esbuild
 *   is not installed.
 */
export async function loadEvalFile(
  path: string,
  loader: TypeScriptLoader = 'auto',
): Promise<Record<string, unknown>> {
  const absolute = resolve(path);
  const typescript = TYPESCRIPT.test(absolute);
  if (!typescript || loader === 'node' || (loader === 'auto' && nodeStripsTypes())) {
    return (await import(pathToFileURL(absolute).href)) as Record<string, unknown>;
  }
  let esbuild: typeof import('esbuild');
  try {
    esbuild = await import('esbuild');
  } catch (error) {
    throw new AigoError(
      'unsupported',
      `Cannot load ${path}: this Node (${process.version}) does not strip TypeScript types; use Node 22.18 or newer, or install esbuild`,
      { cause: error },
    );
  }
  const built = await esbuild.build({
    entryPoints: [absolute],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    write: false,
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  const code = built.outputFiles[0]?.text ?? '';
  const temporary = join(
    dirname(absolute),
    `.${basename(absolute)}.${randomBytes(4).toString('hex')}.mjs`,
  );
  await writeFile(temporary, code);
  try {
    return (await import(pathToFileURL(temporary).href)) as Record<string, unknown>;
  } finally {
    await rm(temporary, { force: true });
  }
}
