/**
 * The layer table (ARCHITECTURE.md, "Layers"). A library imports only from strictly lower layers: adapters never import
 * each other, and neither do the support packages or the two agentic-pattern packages.
 *
 * A new library package must be added here; the check reports one it does not know.
 */

/** A layer of the library stack. `rank` orders them; imports go from a higher rank to a lower one. */
export interface Layer {
  readonly rank: number;
  readonly label: 'contracts' | 'support' | 'adapter' | 'client' | 'pattern' | 'tools';
}

const CONTRACTS: Layer = { rank: 0, label: 'contracts' };
const SUPPORT: Layer = { rank: 1, label: 'support' };
const ADAPTER: Layer = { rank: 2, label: 'adapter' };
const CLIENT: Layer = { rank: 3, label: 'client' };
const PATTERN: Layer = { rank: 4, label: 'pattern' };
/**
 * Developer tools over everything else: the devtools page (it reads `@aigo/ai`'s contracts and
 * serves through `@aigo/http`'s guard) and the evals, which run clients, agents and graphs (agents
 * and graphs through `@aigo/ai`'s contracts, clients for per-case memory and the judge's structured
 * output) and record model traffic with `@aigo/testing`'s recording proxy.
 */
const TOOLS: Layer = { rank: 5, label: 'tools' };

const LAYER_BY_NAME: ReadonlyMap<string, Layer> = new Map([
  ['@aigo/ai', CONTRACTS],
  ['@aigo/http', SUPPORT],
  ['@aigo/testing', SUPPORT],
  ['@aigo/pg', SUPPORT],
  ['@aigo/openai', ADAPTER],
  ['@aigo/gemini', ADAPTER],
  ['@aigo/anthropic', ADAPTER],
  ['@aigo/bedrock', ADAPTER],
  ['@aigo/memory-pg', ADAPTER],
  ['@aigo/a2a', ADAPTER],
  ['@aigo/graph-pg', ADAPTER],
  ['@aigo/vector-pg', ADAPTER],
  ['@aigo/observability', ADAPTER],
  ['@aigo/otel', ADAPTER],
  ['@aigo/mcp', ADAPTER],
  ['@aigo/client', CLIENT],
  ['@aigo/react', PATTERN],
  ['@aigo/graph', PATTERN],
  ['@aigo/retrieval', PATTERN],
  ['@aigo/devtools', TOOLS],
  ['@aigo/evals', TOOLS],
]);

/** Workspace directories whose packages are libraries; everything else (apps, tooling) may import anything. */
export const LIBRARY_DIRECTORY = 'packages/';

/**
 * The layer of a library package, or `undefined` when the table does not know it.
 *
 * @param name - The package name, e.g. `@aigo/tools-web`.
 */
export function layerOf(name: string): Layer | undefined {
  const known = LAYER_BY_NAME.get(name);
  if (known) return known;
  if (/^@aigo\/tools-[a-z0-9-]+$/.test(name)) return ADAPTER;
  return undefined;
}

/** Whether a workspace directory (relative, `/`-separated) holds a library rather than an app or tool. */
export function isLibraryDirectory(relativeDir: string): boolean {
  return relativeDir.startsWith(LIBRARY_DIRECTORY);
}

/**
 * Why `from` may not import `to`, or `undefined` when the import goes strictly downward.
 *
 * @param fromName - The importing package.
 * @param from - Its layer.
 * @param toName - The imported package.
 * @param to - The imported package's layer.
 */
export function layerViolation(
  fromName: string,
  from: Layer,
  toName: string,
  to: Layer,
): string | undefined {
  if (to.rank < from.rank) return undefined;
  if (to.rank > from.rank) {
    return `upward: ${fromName} is layer ${from.rank} (${from.label}), ${toName} is layer ${to.rank} (${to.label})`;
  }
  if (from.label === 'adapter') return 'an adapter never imports another adapter';
  if (from.label === 'support') return 'a support package imports @aigo/ai only';
  return `both are layer ${from.rank} (${from.label}); a package imports only lower layers`;
}
