import {
  isToolSet,
  type ProviderTool,
  type RequestTool,
  type Tool,
  type ToolDescription,
  type ToolSet,
  ValidationError,
} from '@aigo/ai';
import { createToolCatalog, type ToolCatalog } from './tool-catalog.js';

/** What a client's requests carry about tools at one moment. */
export interface ToolsNow {
  /** The tools `executeToolCalls` runs: the offered ones, then the required ones. */
  readonly catalog: ToolCatalog;
  /** Function and provider tools, as sent in every request; `undefined` when there are none. */
  readonly requestTools: readonly RequestTool[] | undefined;
  /** The system prompt's `## Available Tools` section; `''` when enrichment is off. */
  readonly toolsSection: string;
}

/** A client's tools: fixed (given as an array), or following a `ToolSet`. */
export interface ClientTools {
  /**
   * The tools now. Fixed tools are built once; a tool set's are rebuilt when its `tools` array is a
   * different one than at the last read, so reading is cheap on every call.
   *
   * @throws ValidationError when a changed tool set clashes with the required tools (a name
   * given to two different tools).
   */
  current(): ToolsNow;
}

/** How the tools section of the system prompt is written, or `undefined` when it is off. */
export type ToolsSection = ((descriptions: readonly ToolDescription[]) => string) | undefined;

/**
 * Checks a client's tool options and builds what its requests carry. `tools` is an array (checked
 * now) or a tool set (its current tools checked now, later ones at the call that first sees them).
 *
 * @throws ValidationError naming the bad option or entry.
 */
export function clientTools(
  tools: readonly Tool[] | ToolSet | undefined,
  requiredTools: readonly Tool[],
  providerTools: readonly ProviderTool[],
  section: ToolsSection,
): ClientTools {
  if (tools !== undefined && !Array.isArray(tools) && !isToolSet(tools)) {
    throw new ValidationError('tools', 'must be an array of tools or a ToolSet (createToolSet)');
  }
  if (!Array.isArray(requiredTools)) {
    throw new ValidationError('requiredTools', 'must be an array of tools');
  }
  createToolCatalog(requiredTools, 'requiredTools');
  const build = (offered: readonly Tool[]): ToolsNow => {
    const catalog = createToolCatalog([...offered, ...requiredTools], 'tools');
    const requestTools: RequestTool[] = [...catalog.descriptions, ...providerTools];
    return Object.freeze({
      catalog,
      requestTools: requestTools.length === 0 ? undefined : Object.freeze(requestTools),
      toolsSection: section === undefined ? '' : section(catalog.descriptions),
    });
  };

  if (tools === undefined || Array.isArray(tools)) {
    const fixed = build((tools as readonly Tool[] | undefined) ?? []);
    return Object.freeze({ current: () => fixed });
  }
  const set = tools as ToolSet;
  let seen = set.tools;
  let now = build(seen);
  return Object.freeze({
    current(): ToolsNow {
      const latest = set.tools;
      if (latest !== seen) {
        now = build(latest);
        seen = latest;
      }
      return now;
    },
  });
}
