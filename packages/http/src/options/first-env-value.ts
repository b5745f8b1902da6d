/**
 * The first of `names` set to something other than blanks in `env`, trimmed; `undefined` when none
 * is. How factories read settings from the environment (a region, a project), explicit options first.
 */
export function firstEnvValue(
  env: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}
