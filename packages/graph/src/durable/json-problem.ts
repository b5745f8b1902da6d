/**
 * Why `value` is not JSON that survives a round trip unchanged — `"at .items[2]: a function"` — or
 * `undefined` when it is. JSON here: strings, finite numbers, booleans, `null`, arrays and plain
 * objects of those (an `undefined` property is dropped, as `JSON.stringify` drops it). Not: `NaN` or
 * infinities, `undefined` in an array, functions, symbols, bigints, class instances (`Date`, `Map`…),
 * cycles.
 */
export function jsonProblem(value: unknown, path = ''): string | undefined {
  return walk(value, path, new Set());
}

function walk(value: unknown, path: string, seen: Set<object>): string | undefined {
  const at = path === '' ? 'the value' : `at ${path}`;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : `${at}: ${value} is not a JSON number`;
    case 'object':
      break;
    default:
      return `${at}: a ${typeof value} is not JSON`;
  }
  if (value === null) return undefined;
  if (seen.has(value)) return `${at}: a cycle`;
  seen.add(value);
  try {
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (item === undefined) return `at ${path}[${index}]: undefined is not JSON`;
        const problem = walk(item, `${path}[${index}]`, seen);
        if (problem !== undefined) return problem;
      }
      return undefined;
    }
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      const name = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
      return `${at}: a ${name} is not a plain JSON object`;
    }
    for (const [key, item] of Object.entries(value)) {
      if (item === undefined) continue;
      const problem = walk(item, `${path}.${key}`, seen);
      if (problem !== undefined) return problem;
    }
    return undefined;
  } finally {
    seen.delete(value);
  }
}
