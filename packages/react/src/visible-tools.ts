import { type Tool, ValidationError } from '@aigo/ai';
import type { Client } from '@aigo/client';

const MAX_CACHED = 32;

/**
 * The clients that offer a subset of the agent's tools, one per subset `prepareIteration` chose.
 * Each is derived with `client.withOptions({ tools })` (the agent's client is never changed) and
 * kept for later iterations and runs, at most 32 of them.
 */
export class VisibleTools {
  readonly #base: Client;
  readonly #allKey: string;
  readonly #clients = new Map<string, Client>();

  constructor(base: Client) {
    this.#base = base;
    this.#allKey = base.tools.names.join('\n');
  }

  /**
   * The client offering exactly `tools` (names or tools of the catalog), plus the tools the client
   * requires.
   *
   * @throws ValidationError naming `prepareIteration().tools[i]` for a tool the client lacks.
   */
  client(tools: readonly (string | Tool)[]): Client {
    if (!Array.isArray(tools)) {
      throw new ValidationError('prepareIteration().tools', 'must be an array of tools or names');
    }
    const catalog = this.#base.tools;
    const chosen: Tool[] = [];
    tools.forEach((entry, index) => {
      const name = typeof entry === 'string' ? entry : (entry as Tool | null)?.name;
      const tool = typeof name === 'string' ? catalog.get(name) : undefined;
      if (tool === undefined || (typeof entry !== 'string' && tool !== entry)) {
        throw new ValidationError(
          `prepareIteration().tools[${index}]`,
          `is not a tool of the agent's client (${catalog.size === 0 ? 'it has none' : `tools: ${catalog.names.join(', ')}`})`,
        );
      }
      if (!chosen.includes(tool)) chosen.push(tool);
    });
    // The catalog's order, so the same subset always maps to one client.
    chosen.sort((a, b) => catalog.tools.indexOf(a) - catalog.tools.indexOf(b));
    const key = chosen.map((tool) => tool.name).join('\n');
    if (key === this.#allKey) return this.#base;
    let client = this.#clients.get(key);
    if (client === undefined) {
      client = this.#base.withOptions({ tools: chosen });
      if (this.#clients.size >= MAX_CACHED) this.#clients.clear();
      this.#clients.set(key, client);
    }
    return client;
  }
}
