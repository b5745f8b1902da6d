import type { GeminiJson, GeminiPartialArg } from '../wire/gemini-api.js';

type Container = { [key: string]: GeminiJson } | GeminiJson[];

/**
 * Builds a function call's arguments from Vertex AI's streamed `partialArgs` (fragments addressed by
 * a JSON path such as `$.location` or `$.stops[1].city`). String fragments for the same path are
 * appended; numbers, booleans and nulls are set. The arguments are complete when the call ends.
 */
export class PartialArgsBuilder {
  readonly #root: { [key: string]: GeminiJson } = {};

  /** Applies one fragment; a fragment with an unreadable path is ignored. */
  apply(fragment: GeminiPartialArg): void {
    const path = parseJsonPath(fragment.jsonPath);
    if (path === undefined || path.length === 0) return;
    let container: Container = this.#root;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i] as string | number;
      const nextIsIndex = typeof path[i + 1] === 'number';
      const existing = read(container, key);
      if (existing !== null && typeof existing === 'object') {
        container = existing;
      } else {
        const created: Container = nextIsIndex ? [] : {};
        write(container, key, created);
        container = created;
      }
    }
    const last = path[path.length - 1] as string | number;
    if (typeof fragment.stringValue === 'string') {
      const existing = read(container, last);
      write(
        container,
        last,
        typeof existing === 'string' ? existing + fragment.stringValue : fragment.stringValue,
      );
    } else if (typeof fragment.numberValue === 'number') {
      write(container, last, fragment.numberValue);
    } else if (typeof fragment.boolValue === 'boolean') {
      write(container, last, fragment.boolValue);
    } else if ('nullValue' in fragment) {
      write(container, last, null);
    }
  }

  /** The arguments so far, as JSON text. */
  toJson(): string {
    return JSON.stringify(this.#root);
  }
}

function read(container: Container, key: string | number): GeminiJson | undefined {
  if (Array.isArray(container)) return typeof key === 'number' ? container[key] : undefined;
  return typeof key === 'string' ? container[key] : undefined;
}

function write(container: Container, key: string | number, value: GeminiJson): void {
  if (Array.isArray(container)) {
    if (typeof key === 'number') container[key] = value;
  } else if (typeof key === 'string') {
    container[key] = value;
  }
}

/** `$.a.b[2]['c d']` → `['a', 'b', 2, 'c d']`; undefined when the path cannot be read. */
export function parseJsonPath(path: string | undefined): (string | number)[] | undefined {
  if (typeof path !== 'string' || !path.startsWith('$')) return undefined;
  const segments: (string | number)[] = [];
  let i = 1;
  while (i < path.length) {
    const char = path[i];
    if (char === '.') {
      let end = i + 1;
      while (end < path.length && path[end] !== '.' && path[end] !== '[') end++;
      if (end === i + 1) return undefined;
      segments.push(path.slice(i + 1, end));
      i = end;
    } else if (char === '[') {
      const close = path.indexOf(']', i);
      if (close === -1) return undefined;
      const inner = path.slice(i + 1, close);
      if (/^\d+$/.test(inner)) {
        segments.push(Number(inner));
      } else if (/^(['"]).*\1$/.test(inner)) {
        segments.push(inner.slice(1, -1));
      } else {
        return undefined;
      }
      i = close + 1;
    } else {
      return undefined;
    }
  }
  return segments;
}
