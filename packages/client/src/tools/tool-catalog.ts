import { type Tool, type ToolDescription, ValidationError } from '@aigo/ai';

/**
 * The tools a client offers the model, in the order given. Immutable. Lookup is by exact name first,
 * then case-insensitive (models sometimes change the case of a name); among several tools whose names
 * differ only by case, the case-insensitive lookup finds the first.
 */
export interface ToolCatalog {
  /** How many tools it holds. */
  readonly size: number;
  /** The tools, in order. */
  readonly tools: readonly Tool[];
  /** Their names, in order. */
  readonly names: readonly string[];
  /** What the model is told about each, in order. */
  readonly descriptions: readonly ToolDescription[];
  /** The tool called `name` (exact match first, then ignoring case). */
  get(name: string): Tool | undefined;
  /** True when `get(name)` finds a tool. */
  has(name: string): boolean;
}

/**
 * Builds a catalog. The same tool object listed twice is kept once; two different tools with the
 * same name are refused.
 *
 * @param argument names the option in errors (`tools`, `requiredTools`).
 * @throws ValidationError naming the bad entry.
 */
export function createToolCatalog(tools: readonly Tool[], argument = 'tools'): ToolCatalog {
  if (!Array.isArray(tools)) throw new ValidationError(argument, 'must be an array of tools');
  const list: Tool[] = [];
  const exact = new Map<string, Tool>();
  const folded = new Map<string, Tool>();
  tools.forEach((tool, index) => {
    const at = `${argument}[${index}]`;
    checkTool(tool, at);
    const existing = exact.get(tool.name);
    if (existing === tool) return;
    if (existing !== undefined) {
      throw new ValidationError(at, `two different tools are named "${tool.name}"`);
    }
    exact.set(tool.name, tool);
    const key = tool.name.toLowerCase();
    if (!folded.has(key)) folded.set(key, tool);
    list.push(tool);
  });
  const get = (name: string): Tool | undefined =>
    typeof name !== 'string' ? undefined : (exact.get(name) ?? folded.get(name.toLowerCase()));
  return Object.freeze({
    size: list.length,
    tools: Object.freeze(list),
    names: Object.freeze(list.map((tool) => tool.name)),
    descriptions: Object.freeze(list.map((tool) => tool.description)),
    get,
    has: (name: string) => get(name) !== undefined,
  });
}

function checkTool(tool: Tool, at: string): void {
  if (tool === null || typeof tool !== 'object') {
    throw new ValidationError(at, 'must be a tool (make one with defineTool)');
  }
  if (typeof tool.name !== 'string' || tool.name === '') {
    throw new ValidationError(`${at}.name`, 'must be a non-empty string');
  }
  if (typeof tool.call !== 'function') {
    throw new ValidationError(`${at}.call`, `tool "${tool.name}" must have a call() method`);
  }
  const description = tool.description as ToolDescription | undefined;
  if (
    description === null ||
    typeof description !== 'object' ||
    typeof description.name !== 'string' ||
    typeof description.parameters !== 'object' ||
    description.parameters === null
  ) {
    throw new ValidationError(
      `${at}.description`,
      `tool "${tool.name}" must have a description { name, description, parameters }`,
    );
  }
}
