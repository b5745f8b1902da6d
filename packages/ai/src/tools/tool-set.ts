import { ValidationError } from '../errors/validation-error.js';
import type { Tool } from './tool.js';

/**
 * A set of tools that can change while it is in use: an MCP server's tools after
 * `notifications/tools/list_changed`, tools granted during a session. `createClient` accepts one as
 * well as an array, and a ReAct agent reads `tools` at the start of each iteration, so a change
 * reaches the model at its next call.
 */
export interface ToolSet<Context = unknown> {
  /** The tools now: the same array until the set changes, then a new one. */
  readonly tools: readonly Tool<Context>[];
  /** Calls `listener` after each change; returns the function that stops it. */
  onChange(listener: () => void): () => void;
}

/** A tool set the application changes itself; made by `createToolSet`. */
export interface MutableToolSet<Context = unknown> extends ToolSet<Context> {
  /** Replaces every tool. */
  set(tools: readonly Tool<Context>[]): void;
  /** Adds a tool, or replaces the one of the same name. */
  add(tool: Tool<Context>): void;
  /** Removes the tool of this name; false when there was none. */
  remove(name: string): boolean;
}

/** True for a value of the `ToolSet` shape (an array of tools is not one). */
export function isToolSet(value: unknown): value is ToolSet {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as ToolSet).tools) &&
    typeof (value as ToolSet).onChange === 'function'
  );
}

/**
 * A tool set to change by hand. Names must be unique; listeners run synchronously after each
 * change, and one that throws does not keep the others from running.
 *
 * @example
 * const tools = createToolSet([calculatorTool()]);
 * const client = createClient(provider, { tools });
 * tools.add(webFetchTool()); // the next model call offers both
 */
export function createToolSet<Context = unknown>(
  initial: readonly Tool<Context>[] = [],
): MutableToolSet<Context> {
  let current = checkTools(initial, 'tools');
  const listeners = new Set<() => void>();
  const change = (next: readonly Tool<Context>[]): void => {
    current = next;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch {
        // A listener's failure is its own; the set has changed for everyone else.
      }
    }
  };
  return Object.freeze({
    get tools() {
      return current;
    },
    onChange(listener: () => void): () => void {
      if (typeof listener !== 'function') {
        throw new ValidationError('listener', 'must be a function');
      }
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(tools: readonly Tool<Context>[]): void {
      change(checkTools(tools, 'tools'));
    },
    add(tool: Tool<Context>): void {
      checkTool(tool, 'tool');
      const index = current.findIndex((existing) => existing.name === tool.name);
      change(
        Object.freeze(
          index < 0 ? [...current, tool] : current.map((t, i) => (i === index ? tool : t)),
        ),
      );
    },
    remove(name: string): boolean {
      const next = current.filter((tool) => tool.name !== name);
      if (next.length === current.length) return false;
      change(Object.freeze(next));
      return true;
    },
  });
}

/**
 * One tool set over several sources (tools, arrays of tools, tool sets), in order: its `tools` are
 * theirs concatenated, and it changes when any source set changes. Names must stay unique across
 * the sources; a change that would repeat a name is reported to `onChange` listeners as usual and
 * fails at the next read of `tools` with a `ValidationError` naming the tool.
 */
export function combineToolSets<Context = unknown>(
  ...sources: readonly (Tool<Context> | readonly Tool<Context>[] | ToolSet<Context>)[]
): ToolSet<Context> {
  const sets: ToolSet<Context>[] = [];
  const parts = sources.map((source, index) => {
    if (isToolSet(source)) {
      sets.push(source as ToolSet<Context>);
      return source as ToolSet<Context>;
    }
    if (Array.isArray(source)) return checkTools(source, `sources[${index}]`);
    checkTool(source as Tool<Context>, `sources[${index}]`);
    return Object.freeze([source as Tool<Context>]);
  });
  let seen: readonly (readonly Tool<Context>[])[] | undefined;
  let cached: readonly Tool<Context>[] = [];
  const read = (): readonly Tool<Context>[] => {
    const now = parts.map((part) => (isToolSet(part) ? (part as ToolSet<Context>).tools : part));
    if (seen !== undefined && now.every((tools, i) => tools === seen?.[i])) return cached;
    cached = checkTools(now.flat(), 'tools');
    seen = now;
    return cached;
  };
  return Object.freeze({
    get tools() {
      return read();
    },
    onChange(listener: () => void): () => void {
      if (typeof listener !== 'function') {
        throw new ValidationError('listener', 'must be a function');
      }
      const stops = sets.map((set) => set.onChange(listener));
      return () => {
        for (const stop of stops) stop();
      };
    },
  });
}

function checkTool(tool: unknown, where: string): void {
  const candidate = tool as Partial<Tool> | null;
  if (
    candidate === null ||
    typeof candidate !== 'object' ||
    typeof candidate.name !== 'string' ||
    typeof candidate.call !== 'function'
  ) {
    throw new ValidationError(where, 'must be a tool (with a name and a call function)');
  }
}

function checkTools<Context>(
  tools: readonly Tool<Context>[],
  where: string,
): readonly Tool<Context>[] {
  if (!Array.isArray(tools)) throw new ValidationError(where, 'must be an array of tools');
  const names = new Set<string>();
  tools.forEach((tool, index) => {
    checkTool(tool, `${where}[${index}]`);
    if (names.has(tool.name)) {
      throw new ValidationError(`${where}[${index}]`, `repeats the tool name "${tool.name}"`);
    }
    names.add(tool.name);
  });
  return Object.freeze([...tools]);
}
