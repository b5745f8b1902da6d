/**
 * Header maps merged into one with lower-case names, later maps winning on a clash and `undefined`
 * values left out: an adapter's fixed headers (`anthropic-version`), then the application's
 * (`options.headers`), whatever case either spells the names in.
 */
export function mergeHeaders(
  ...maps: readonly (Readonly<Record<string, string | undefined>> | undefined)[]
): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const map of maps) {
    if (map === undefined) continue;
    for (const name of Object.keys(map)) {
      const value = map[name];
      if (value !== undefined) merged[name.toLowerCase()] = value;
    }
  }
  return merged;
}
