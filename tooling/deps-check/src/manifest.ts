import { readFileSync } from 'node:fs';

/** The fields of a `package.json` that the repository checks read. Other fields are kept as `unknown`. */
export interface PackageManifest {
  readonly name?: string;
  readonly version?: string;
  readonly private?: boolean;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly [field: string]: unknown;
}

/**
 * Reads and parses a `package.json`.
 *
 * @param path - Absolute path of the file.
 * @throws Error naming the file when it cannot be read or is not a JSON object.
 */
export function readManifest(path: string): PackageManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${path} is not a JSON object`);
  }
  return parsed as PackageManifest;
}

/** The dependency names a manifest declares in the given sections. */
export function declaredNames(
  manifest: PackageManifest,
  sections: readonly (
    | 'dependencies'
    | 'peerDependencies'
    | 'optionalDependencies'
    | 'devDependencies'
  )[],
): Set<string> {
  const names = new Set<string>();
  for (const section of sections) {
    for (const name of Object.keys(manifest[section] ?? {})) names.add(name);
  }
  return names;
}
