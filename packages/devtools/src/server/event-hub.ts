import type { ServerResponse } from 'node:http';
import type { DevtoolsEvent } from '../model/run-model.js';

/**
 * The page's live updates: server-sent events to every open page. A run's changes are coalesced —
 * a run that changes many times before the event loop turns is sent once, with its latest summary.
 */
export class EventHub {
  readonly #clients = new Set<ServerResponse>();
  readonly #pending = new Map<string, boolean>();
  #scheduled = false;
  readonly #describe: (runId: string) => DevtoolsEvent | undefined;

  /** @param describe - The event that says where a run is now (`undefined`: nothing to send). */
  constructor(describe: (runId: string) => DevtoolsEvent | undefined) {
    this.#describe = describe;
  }

  /** Opens the event stream on `response`. */
  open(response: ServerResponse, headers: Readonly<Record<string, string>>): void {
    response.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      connection: 'keep-alive',
    });
    response.write(': aigo devtools\n\n');
    this.#clients.add(response);
    response.on('close', () => this.#clients.delete(response));
  }

  /** A run changed (or was dropped): an event goes out once the current work is done. */
  changed(runId: string, removed: boolean): void {
    if (this.#clients.size === 0) return;
    this.#pending.set(runId, removed || this.#pending.get(runId) === true);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#flush());
  }

  /** Pages connected. */
  get size(): number {
    return this.#clients.size;
  }

  /** Ends every event stream. */
  closeAll(): void {
    for (const client of this.#clients) client.end();
    this.#clients.clear();
  }

  #flush(): void {
    this.#scheduled = false;
    const pending = [...this.#pending];
    this.#pending.clear();
    for (const [runId, removed] of pending) {
      const event: DevtoolsEvent | undefined = removed
        ? { type: 'removed', runId }
        : this.#describe(runId);
      if (event === undefined) continue;
      const frame = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
      for (const client of this.#clients) client.write(frame);
    }
  }
}
