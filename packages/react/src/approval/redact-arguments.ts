/** What replaces a redacted argument. */
export const REDACTED = '[REDACTED]';

/**
 * The arguments JSON with the values at `paths` (top-level keys or dotted paths) replaced by
 * `"[REDACTED]"`. Text that is not a JSON object is redacted whole when any path is given.
 */
export function redactArguments(
  argumentsJson: string,
  paths: readonly string[] | undefined,
): string {
  if (paths === undefined || paths.length === 0) return argumentsJson;
  let value: unknown;
  try {
    value = JSON.parse(argumentsJson);
  } catch {
    return JSON.stringify(REDACTED);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return JSON.stringify(REDACTED);
  }
  for (const path of paths) redactPath(value as Record<string, unknown>, path.split('.'));
  return JSON.stringify(value);
}

function redactPath(target: Record<string, unknown>, keys: readonly string[]): void {
  const [key, ...rest] = keys;
  if (key === undefined || !Object.hasOwn(target, key)) return;
  if (rest.length === 0) {
    target[key] = REDACTED;
    return;
  }
  const next = target[key];
  if (next !== null && typeof next === 'object' && !Array.isArray(next)) {
    redactPath(next as Record<string, unknown>, rest);
  }
}
