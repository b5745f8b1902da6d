import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ValidationError } from '@aigo/ai';

/**
 * The absolute path of the `fixtures` folder shipped with this package (recorded OpenAI Chat,
 * OpenAI Responses and Gemini payloads, each folder with a README giving every file's provenance).
 */
export const fixturesDirectory: string = join(packageRoot(), 'fixtures');

/** The folder of this package's package.json, however deep the running module sits (src, dist). */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('@aigo/testing cannot find its own package.json');
    dir = parent;
  }
  return dir;
}

/**
 * The absolute path of a fixture inside this package, e.g.
 * `fixturePath('openai-chat/stream-tool-call.sse')`. Throws a `ValidationError` for a path that
 * leaves the fixtures folder.
 */
export function fixturePath(relativePath: string): string {
  if (typeof relativePath !== 'string' || relativePath === '') {
    throw new ValidationError(
      'relativePath',
      'must be a non-empty path such as "openai-chat/text.json"',
    );
  }
  if (isAbsolute(relativePath)) {
    throw new ValidationError('relativePath', 'must be relative to the fixtures folder');
  }
  const absolute = resolve(fixturesDirectory, relativePath);
  const inside = relative(fixturesDirectory, absolute);
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)) {
    throw new ValidationError(
      'relativePath',
      `must stay inside the fixtures folder, got "${relativePath}"`,
    );
  }
  return absolute;
}

/** A fixture's content as UTF-8 text, byte-for-byte (line endings untouched). */
export function loadFixture(relativePath: string): string {
  return readFileSync(fixturePath(relativePath), 'utf8');
}

/** A fixture's content as bytes. */
export function loadFixtureBytes(relativePath: string): Uint8Array {
  return readFileSync(fixturePath(relativePath));
}

/** A JSON fixture, parsed. The type parameter is the caller's claim; nothing checks it. */
export function loadFixtureJson<T = unknown>(relativePath: string): T {
  const text = loadFixture(relativePath);
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ValidationError('relativePath', `"${relativePath}" is not valid JSON`, {
      cause: error,
    });
  }
}
