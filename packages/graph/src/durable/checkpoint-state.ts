import {
  type CheckpointModelCall,
  type GraphCheckpointer,
  type GraphIdentity,
  GraphRunCancelledError,
  type GraphRunOutcome,
  type GraphRunRecord,
  type GraphRunResponses,
  type JsonObject,
  type JsonValue,
  type NodeCheckpoint,
  StaleFencingTokenError,
  ValidationError,
} from '@aigo/ai';
import type { Overview } from '@aigo/client';
import type { GraphStopReason } from '../graph-errors.js';
import type { NodeStatus, StoredNodeResult } from '../plan/node-types.js';
import type { StateProvider } from '../state/state-provider.js';
import { jsonProblem } from './json-problem.js';
import { checkResumable } from './resume-checks.js';
import { isFinished } from './run-identity.js';
import { storedError } from './stored-error.js';

/** What the checkpoint needs to know about a node of the execution when it records it. */
export interface NodeFacts {
  /** The execution is over: writes of nodes stopped with it are not recorded (they run again). */
  readonly finished: boolean;
  attempts(nodeId: string): number;
  skipReason(nodeId: string): string | undefined;
  overview(nodeId: string): Overview | undefined;
}

/** What the durable run settings are. */
export interface CheckpointRunOptions {
  readonly checkpointer: GraphCheckpointer;
  readonly runId: string;
  readonly graph: GraphIdentity;
  readonly timeoutMs: number | undefined;
  readonly pollMs: number;
  /** A resume (`graph.resume`): the responses by suspended node id. */
  readonly resume?: GraphRunResponses;
  readonly signal?: AbortSignal;
}

/**
 * The `StateProvider` of a durable execution: a view over the run's checkpoint, not a second
 * store. `reset` claims the run (so the execution holds the new fencing token) and loads its state;
 * `set` records the change before it resolves; a node's settling is one checkpoint write
 * (`setNodeResult` keeps the result, `setNodeStatus` writes it with the node's usage and calls).
 */
export class CheckpointState implements StateProvider {
  readonly runId: string;
  readonly #options: CheckpointRunOptions;
  #record: GraphRunRecord | undefined;
  #token = 0;
  #state: Record<string, JsonValue> = {};
  readonly #statuses = new Map<string, NodeStatus>();
  readonly #results = new Map<string, StoredNodeResult>();
  #facts: NodeFacts | undefined;
  #finished = false;
  /** The claim was refused before anything ran (a resume of a run that cannot be resumed). */
  refused = false;

  constructor(options: CheckpointRunOptions) {
    this.#options = options;
    this.runId = options.runId;
  }

  /** The identity of the graph this execution runs. */
  get graph(): GraphIdentity {
    return this.#options.graph;
  }

  /** The run as the claim found it (after {@link reset}). */
  get record(): GraphRunRecord {
    if (this.#record === undefined) throw new Error('the run has not been claimed yet');
    return this.#record;
  }

  /** Connects the execution's node facts. */
  attach(facts: NodeFacts): void {
    this.#facts = facts;
  }

  async reset(initialState: Readonly<Record<string, unknown>>): Promise<void> {
    const problem = jsonProblem(initialState);
    if (problem !== undefined) {
      throw new ValidationError('initialState', `must be JSON for a durable run: ${problem}`);
    }
    const { checkpointer, runId, graph, timeoutMs, resume, signal } = this.#options;
    let record: GraphRunRecord;
    if (resume === undefined) {
      record = await checkpointer.claim(runId, {
        graph,
        input: initialState as JsonObject,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      });
    } else {
      try {
        checkResumable(runId, await checkpointer.load(runId, signal), resume);
        record = await checkpointer.claim(
          runId,
          { graph, input: {}, resume: { responses: resume } },
          signal,
        );
      } catch (error) {
        this.refused = true;
        throw error;
      }
    }
    this.#record = record;
    this.#token = record.fencingToken;
    // A finished run, or a suspended one claimed without a resume, is not ours to record.
    this.#finished = isFinished(record.status) || record.status === 'suspended';
    this.#state = { ...record.state };
    for (const node of Object.values(record.nodes)) this.#statuses.set(node.nodeId, node.status);
  }

  async get(key: string): Promise<unknown> {
    return this.#state[key];
  }

  async set(key: string, value: unknown): Promise<void> {
    if (typeof key !== 'string') throw new ValidationError('key', 'must be a string');
    const problem = value === undefined ? undefined : jsonProblem(value);
    if (problem !== undefined) {
      throw new ValidationError(`sharedState.${key}`, `must be JSON in a durable run: ${problem}`);
    }
    const json = value as JsonValue | undefined;
    await this.#options.checkpointer.writeState(this.runId, this.#token, key, json);
    if (json === undefined) delete this.#state[key];
    else this.#state[key] = json;
  }

  async getAll(): Promise<Record<string, unknown>> {
    return { ...this.#state };
  }

  async getNodeStatus(nodeId: string): Promise<NodeStatus> {
    return this.#statuses.get(nodeId) ?? 'pending';
  }

  async getNodeResult(nodeId: string): Promise<StoredNodeResult | undefined> {
    return this.#results.get(nodeId);
  }

  async setNodeResult(nodeId: string, result: StoredNodeResult): Promise<void> {
    this.#results.set(nodeId, result);
  }

  async setNodeStatus(nodeId: string, status: NodeStatus): Promise<void> {
    this.#statuses.set(nodeId, status);
    const facts = this.#facts;
    if (status === 'running' || status === 'pending' || facts === undefined || facts.finished) {
      return;
    }
    const result = this.#results.get(nodeId);
    const overview = facts.overview(nodeId);
    const node: NodeCheckpoint = {
      nodeId,
      status,
      attempts: facts.attempts(nodeId),
      durationMs: result?.durationMs ?? 0,
      ...(status === 'completed' && result?.output !== undefined
        ? { output: result.output as JsonValue }
        : {}),
      ...(status === 'completed' && result?.metadata !== undefined
        ? { metadata: result.metadata as JsonObject }
        : {}),
      ...(status === 'failed' ? { error: storedError(result?.error) } : {}),
      ...(status === 'skipped'
        ? { skipReason: facts.skipReason(nodeId) ?? 'execution_stopped' }
        : {}),
      ...(status === 'suspended' && result?.suspended !== undefined
        ? { suspended: result.suspended }
        : {}),
      ...(overview === undefined ? {} : spending(overview)),
    };
    await this.#options.checkpointer.writeNode(this.runId, this.#token, node);
  }

  /**
   * Polls the run every `pollMs` while the execution runs: a cancellation requested from anywhere
   * or a newer claim stops it through `onLost`. Returns the function that stops polling.
   */
  watch(onLost: (reason: GraphStopReason, cause: unknown) => void): () => void {
    let polling = false;
    const timer = setInterval(() => {
      if (polling) return;
      polling = true;
      this.#options.checkpointer.status(this.runId).then(
        (view) => {
          polling = false;
          if (view === undefined) return;
          if (view.fencingToken !== this.#token) {
            onLost(
              'state_error',
              new StaleFencingTokenError(this.runId, this.#token, view.fencingToken),
            );
          } else if (view.cancelRequested) {
            onLost('aborted', new GraphRunCancelledError(this.runId));
          }
        },
        () => {
          // A failed poll says nothing about the run: the next one asks again.
          polling = false;
        },
      );
    }, this.#options.pollMs);
    return () => clearInterval(timer);
  }

  /**
   * Records how the run ended or that it suspended (once — `again` for a second try after a
   * refusal; never for a run that was finished or suspended when claimed).
   */
  async finish(outcome: GraphRunOutcome, again = false): Promise<void> {
    if (this.#finished && !again) return;
    this.#finished = true;
    await this.#options.checkpointer.finish(this.runId, this.#token, outcome);
  }
}

/** The usage, cost and calls of a node's overview, for its checkpoint. */
function spending(
  overview: Overview,
): Pick<NodeCheckpoint, 'usage' | 'cost' | 'currency' | 'calls'> {
  const responses = overview.responses;
  if (responses.length === 0) return {};
  const calls: CheckpointModelCall[] = responses.map((response) =>
    response.usage === undefined
      ? { model: response.model }
      : { model: response.model, usage: { ...response.usage } },
  );
  return {
    usage: overview.totalUsage,
    cost: overview.totalCost(),
    currency: overview.currency,
    calls,
  };
}
