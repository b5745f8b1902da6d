/** The tool names every provider accepts. */
export const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;

/**
 * The aigo name of an MCP tool: `prefix_name` (or `name` without a prefix), with every character a
 * provider rejects replaced by `_`, cut to 64 characters (a long name keeps its start and gets a
 * short hash of the whole name, so two long names stay apart), and made unique among `taken` by a
 * `_2`, `_3`… suffix. Adds the result to `taken`.
 */
export function aigoToolName(
  mcpName: string,
  prefix: string | undefined,
  taken: Set<string>,
): string {
  const full = prefix === undefined ? mcpName : `${prefix}_${mcpName}`;
  let base = full.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (base.length === 0) base = 'tool';
  if (base.length > MAX_LENGTH) base = `${base.slice(0, MAX_LENGTH - 9)}_${hash(full)}`;
  let name = base;
  for (let n = 2; taken.has(name); n += 1) {
    const suffix = `_${n}`;
    name = `${base.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
  }
  taken.add(name);
  return name;
}

/** Eight hex digits of FNV-1a over the name: stable across runs and processes. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}
