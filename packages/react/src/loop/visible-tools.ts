import { type Tool, ValidationError } from '@aigo/ai';
import type { Client } from '@aigo/client';

const MAX_CACHED = 32;

/**
 * The clients that offer a subset of the agent's tools, one per subset `prepareIteration` chose.
 * Each is derived with `client.withOptions({ tools })` (the agent's client is never changed) and
 * kept for later iterations and runs, at most 32 of them. Subsets are told apart by the tool
 * objects, not their names: a new tool with an old name (a tool set that replaced it) is another
 * subset. The agent's tools are read anew at each choice, so a tool set's changes are seen.
 */
export class VisibleTools {
  readonly #base: Client;
  readonly #clients = new Map<string, Client>();
  /** A number per tool object, for the subset keys; forgotten with the tool. */
  readonly #ids = new WeakMap<Tool, number>();
  #nextId = 0;

  constructor(base: Client) {
    this.#base = base;
  }

  /**
   * The client offering exactly `tools` (names or tools of the client's current catalog), plus the
   * tools the client requires.
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
    // Every tool of the client: the client itself.
    if (chosen.length === catalog.size) return this.#base;
    // The catalog's order, so the same subset always maps to one client.
    chosen.sort((a, b) => catalog.tools.indexOf(a) - catalog.tools.indexOf(b));
    const key = chosen.map((tool) => this.#idOf(tool)).join(',');
    let client = this.#clients.get(key);
    if (client === undefined) {
      client = this.#base.withOptions({ tools: chosen });
      if (this.#clients.size >= MAX_CACHED) this.#clients.clear();
      this.#clients.set(key, client);
    }
    return client;
  }

  #idOf(tool: Tool): number {
    let id = this.#ids.get(tool);
    if (id === undefined) {
      id = this.#nextId++;
      this.#ids.set(tool, id);
    }
    return id;
  }
}
