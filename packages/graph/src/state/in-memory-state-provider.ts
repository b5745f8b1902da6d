import { ValidationError } from '@aigo/ai';
import type { NodeStatus, StoredNodeResult } from '../plan/node-types.js';
import type { StateProvider } from './state-provider.js';

const RESOLVED = Promise.resolve();

/**
 * A {@link StateProvider} in memory (the graph's default: one per execution). Every write takes
 * effect synchronously, before the returned promise settles. Values are stored as given (not
 * copied); `getAll()` returns a shallow copy.
 */
export class InMemoryStateProvider implements StateProvider {
  readonly #values = new Map<string, unknown>();
  readonly #statuses = new Map<string, NodeStatus>();
  readonly #results = new Map<string, StoredNodeResult>();

  reset(initialState: Readonly<Record<string, unknown>>): Promise<void> {
    if (initialState === null || typeof initialState !== 'object') {
      return Promise.reject(new ValidationError('initialState', 'must be an object'));
    }
    this.#values.clear();
    this.#statuses.clear();
    this.#results.clear();
    for (const key of Object.keys(initialState)) this.#values.set(key, initialState[key]);
    return RESOLVED;
  }

  get(key: string): Promise<unknown> {
    return Promise.resolve(this.#values.get(key));
  }

  set(key: string, value: unknown): Promise<void> {
    if (typeof key !== 'string')
      return Promise.reject(new ValidationError('key', 'must be a string'));
    this.#values.set(key, value);
    return RESOLVED;
  }

  getAll(): Promise<Record<string, unknown>> {
    return Promise.resolve(Object.fromEntries(this.#values));
  }

  getNodeStatus(nodeId: string): Promise<NodeStatus> {
    return Promise.resolve(this.#statuses.get(nodeId) ?? 'pending');
  }

  setNodeStatus(nodeId: string, status: NodeStatus): Promise<void> {
    this.#statuses.set(nodeId, status);
    return RESOLVED;
  }

  getNodeResult(nodeId: string): Promise<StoredNodeResult | undefined> {
    return Promise.resolve(this.#results.get(nodeId));
  }

  setNodeResult(nodeId: string, result: StoredNodeResult): Promise<void> {
    this.#results.set(nodeId, result);
    return RESOLVED;
  }
}

/** A new, empty {@link InMemoryStateProvider}. */
export function inMemoryStateProvider(): InMemoryStateProvider {
  return new InMemoryStateProvider();
}
