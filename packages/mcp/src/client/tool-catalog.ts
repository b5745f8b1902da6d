import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import { createMcpTool, type McpTool, type McpToolHost } from './mcp-tool.js';
import { aigoToolName } from './tool-names.js';

/** What listing needs: the request options of each page. */
export interface ListOptions {
  readonly signal?: AbortSignal;
  readonly timeout: number;
}

/** Every tool of the server: `tools/list`, page after page. */
export async function listAllTools(
  client: Client,
  options: ListOptions,
): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor }, options);
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return tools;
}

/**
 * Turns the server's tool list into aigo tools, keeping the tool objects of definitions that did not
 * change (an agent keys its per-iteration state by tool identity), filtered by `accepts`, named by
 * `aigoToolName` in the server's order.
 */
export class ToolCatalog {
  #byDefinition = new Map<string, McpTool>();

  constructor(
    private readonly prefix: string | undefined,
    private readonly accepts: (name: string) => boolean,
    private readonly host: McpToolHost,
  ) {}

  /** The aigo tools for `definitions`, in order. */
  build(definitions: readonly McpToolDefinition[]): readonly McpTool[] {
    const taken = new Set<string>();
    const next = new Map<string, McpTool>();
    const tools: McpTool[] = [];
    for (const definition of definitions) {
      if (!this.accepts(definition.name)) continue;
      const name = aigoToolName(definition.name, this.prefix, taken);
      const key = `${name}\n${JSON.stringify(definition)}`;
      const tool = this.#byDefinition.get(key) ?? createMcpTool(definition, name, this.host);
      next.set(key, tool);
      tools.push(tool);
    }
    this.#byDefinition = next;
    return Object.freeze(tools);
  }
}
