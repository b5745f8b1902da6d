import { type Span, ValidationError } from '@aigo/ai';
import type { Client, Overview } from '@aigo/client';
import type { NodeDefinition } from '../plan/graph-plan.js';
import type { NodeInput, NodeResult, NodeResume } from '../plan/node-types.js';
import type { SharedState } from '../state/shared-state.js';
import { bindClient } from './bind-client.js';

/** What an attempt needs from its execution. */
export interface AttemptHost {
  /** Why the execution is stopping, once it is. */
  readonly stopReason: unknown;
  /** True when something other than a node timeout can abort a running node. */
  readonly cancellable: boolean;
  readonly sharedState: SharedState;
  /** The id of the run, for attempt keys. */
  readonly runId: string;
  /** A signal that never fires, for nodes nothing can abort. */
  quietSignal(): AbortSignal;
  /** Remembers an attempt that owns a controller, so stopping the execution can abort it. */
  track(attempt: Attempt): void;
  untrack(attempt: Attempt): void;
  upstreamResults(node: number): Readonly<Record<string, NodeResult>>;
  nodeOverview(node: number): Overview;
  nodeSpan(node: number): Span | undefined;
  nodeClient(node: number): Client | undefined;
  /** What a node resumes with, in a resumed run. */
  nodeResume(node: number): NodeResume | undefined;
}

/**
 * One attempt of one node: its lazily created `AbortController`, the reason it was aborted, and
 * its timeout timer. Settles once (`settle` returns false for a second outcome).
 */
export class Attempt {
  readonly node: number;
  readonly number: number;
  readonly definition: NodeDefinition;
  readonly #host: AttemptHost;
  #controller: AbortController | undefined;
  #abortReason: unknown;
  #aborted = false;
  #tracked = false;
  timer: ReturnType<typeof setTimeout> | undefined;
  settled = false;
  ok = false;
  value: unknown;

  constructor(host: AttemptHost, node: number, number: number, definition: NodeDefinition) {
    this.#host = host;
    this.node = node;
    this.number = number;
    this.definition = definition;
  }

  /** The attempt's signal, created on first use: a real one only when something can abort it. */
  signal(): AbortSignal {
    if (this.#controller !== undefined) return this.#controller.signal;
    if (!this.#aborted && this.definition.timeout === undefined && !this.#host.cancellable) {
      return this.#host.quietSignal();
    }
    const controller = new AbortController();
    this.#controller = controller;
    if (this.#aborted) {
      controller.abort(this.#abortReason);
    } else if (this.#host.stopReason !== undefined) {
      controller.abort(this.#host.stopReason);
    } else if (!this.settled) {
      this.#tracked = true;
      this.#host.track(this);
    }
    return controller.signal;
  }

  /** Aborts the attempt (its signal fires now, or is born aborted if not created yet). */
  abort(reason: unknown): void {
    if (this.#aborted) return;
    this.#aborted = true;
    this.#abortReason = reason;
    this.#controller?.abort(reason);
  }

  /** Records the outcome; false when the attempt had already settled. */
  settle(ok: boolean, value: unknown): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.ok = ok;
    this.value = value;
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.#tracked) {
      this.#tracked = false;
      this.#host.untrack(this);
    }
    return true;
  }

  /** The `NodeInput` of this attempt. */
  input(): NodeInput {
    return new LazyNodeInput(this.#host, this);
  }
}

/** A `NodeInput` whose properties are computed on first read. */
class LazyNodeInput implements NodeInput {
  readonly #host: AttemptHost;
  readonly #attempt: Attempt;
  #upstream: Readonly<Record<string, NodeResult>> | undefined;
  #client: Client | undefined;

  constructor(host: AttemptHost, attempt: Attempt) {
    this.#host = host;
    this.#attempt = attempt;
  }

  get nodeId(): string {
    return this.#attempt.definition.id;
  }

  get attempt(): number {
    return this.#attempt.number;
  }

  get attemptKey(): string {
    return `${this.#host.runId}/${this.#attempt.definition.id}`;
  }

  get upstreamResults(): Readonly<Record<string, NodeResult>> {
    this.#upstream ??= this.#host.upstreamResults(this.#attempt.node);
    return this.#upstream;
  }

  get sharedState(): SharedState {
    return this.#host.sharedState;
  }

  get params(): Readonly<Record<string, unknown>> {
    return this.#attempt.definition.params;
  }

  get client(): Client {
    if (this.#client !== undefined) return this.#client;
    const client = this.#host.nodeClient(this.#attempt.node);
    if (client === undefined) {
      throw new ValidationError(
        'client',
        `node ${JSON.stringify(this.nodeId)} has no client: pass \`client\` to addNode or \`defaultClient\` to createGraph`,
      );
    }
    const attempt = this.#attempt;
    const host = this.#host;
    this.#client = bindClient(client, {
      get overview() {
        return host.nodeOverview(attempt.node);
      },
      get signal() {
        return attempt.signal();
      },
      get span() {
        return host.nodeSpan(attempt.node);
      },
    });
    return this.#client;
  }

  get signal(): AbortSignal {
    return this.#attempt.signal();
  }

  get overview(): Overview {
    return this.#host.nodeOverview(this.#attempt.node);
  }

  get span(): Span | undefined {
    return this.#host.nodeSpan(this.#attempt.node);
  }

  get resume(): NodeResume | undefined {
    return this.#host.nodeResume(this.#attempt.node);
  }

  toJSON(): Record<string, unknown> {
    return { nodeId: this.nodeId, attempt: this.attempt, params: this.params };
  }
}
