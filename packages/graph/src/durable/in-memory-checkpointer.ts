import {
  checkGraphRunResponses,
  checkNewRun,
  checkRunId,
  checkWrite,
  GraphChangedError,
  type GraphCheckpointer,
  GraphRunCancelledError,
  type GraphRunClaim,
  GraphRunNotFoundError,
  GraphRunNotSuspendedError,
  type GraphRunOutcome,
  type GraphRunRecord,
  type GraphRunStatusView,
  type JsonObject,
  type JsonValue,
  type NewGraphRun,
  type NodeCheckpoint,
  RunConflictError,
  StaleFencingTokenError,
  throwIfAborted,
} from '@aigo/ai';
import { identityLabel, isFinished } from './run-identity.js';

type MutableRecord = {
  -readonly [K in keyof GraphRunRecord]: GraphRunRecord[K];
} & { nodes: Record<string, NodeCheckpoint>; state: JsonObject };

const copy = <T>(value: T): T => structuredClone(value);

/**
 * A {@link GraphCheckpointer} in this process's memory: runs resume after an execution failed, was
 * stopped or suspended, not after the process died. For tests, and for one process that wants resumable
 * runs; use `pgCheckpointer` of `@aigo/graph-pg` to survive crashes and share runs between machines.
 * Records are copied in and out, so nothing a caller keeps aliases the store.
 *
 * @example
 * const checkpointer = inMemoryCheckpointer();
 * const graph = createGraph('out', { name: 'report', checkpointer }).addNode('out', () => 42);
 * await graph.execute({}, { runId: 'run-1' });
 */
export function inMemoryCheckpointer(): GraphCheckpointer {
  return new InMemoryCheckpointer();
}

class InMemoryCheckpointer implements GraphCheckpointer {
  readonly #runs = new Map<string, MutableRecord>();

  async create(run: NewGraphRun, signal?: AbortSignal): Promise<boolean> {
    checkNewRun(run);
    throwIfAborted(signal);
    if (this.#runs.has(run.runId)) return false;
    this.#runs.set(run.runId, newRecord(run.runId, run.graphName, run.input, run.timeoutMs));
    return true;
  }

  async claim(runId: string, claim: GraphRunClaim, signal?: AbortSignal): Promise<GraphRunRecord> {
    checkRunId(runId);
    const resume = claim.resume;
    if (resume !== undefined) checkGraphRunResponses(resume.responses, 'claim.resume.responses');
    throwIfAborted(signal);
    let record = this.#runs.get(runId);
    if (record === undefined) {
      if (resume !== undefined) throw new GraphRunNotFoundError(runId);
      record = newRecord(runId, claim.graph.name, claim.input, claim.timeoutMs);
      this.#runs.set(runId, record);
    }
    if (resume === undefined && (isFinished(record.status) || record.status === 'suspended')) {
      return copy(record);
    }
    const graph = claim.graph;
    if (
      record.graphName !== graph.name ||
      (record.fingerprint !== undefined &&
        (record.fingerprint !== graph.fingerprint || record.graphVersion !== graph.version))
    ) {
      throw new GraphChangedError(runId, identityLabel(record), identityLabel(graph));
    }
    if (resume !== undefined) {
      if (record.status === 'running') {
        throw new RunConflictError(
          runId,
          `Graph run ${JSON.stringify(runId)} is running: another resume claimed it first`,
        );
      }
      if (record.status !== 'suspended' || record.cancelRequested) {
        throw new GraphRunNotSuspendedError(runId, record.status);
      }
      const now = Date.now();
      if (record.deadline !== undefined && record.suspendedAt !== undefined) {
        record.deadline += now - record.suspendedAt;
      }
      delete record.suspendedAt;
      record.responses = copy(resume.responses);
    }
    record.graphVersion = graph.version;
    record.fingerprint = graph.fingerprint;
    record.fencingToken++;
    record.claims++;
    record.status = 'running';
    record.updatedAt = Date.now();
    return copy(record);
  }

  async writeNode(
    runId: string,
    fencingToken: number,
    node: NodeCheckpoint,
    signal?: AbortSignal,
  ): Promise<void> {
    checkWrite(runId, fencingToken);
    throwIfAborted(signal);
    const record = this.#owned(runId, fencingToken);
    record.nodes[node.nodeId] = copy(node);
    record.updatedAt = Date.now();
  }

  async writeState(
    runId: string,
    fencingToken: number,
    key: string,
    value: JsonValue | undefined,
    signal?: AbortSignal,
  ): Promise<void> {
    checkWrite(runId, fencingToken);
    throwIfAborted(signal);
    const record = this.#owned(runId, fencingToken);
    if (value === undefined) delete record.state[key];
    else record.state[key] = copy(value);
    record.updatedAt = Date.now();
  }

  async finish(
    runId: string,
    fencingToken: number,
    outcome: GraphRunOutcome,
    signal?: AbortSignal,
  ): Promise<void> {
    checkWrite(runId, fencingToken);
    throwIfAborted(signal);
    const record = this.#owned(runId, fencingToken, outcome.status === 'cancelled');
    record.status = outcome.status;
    if (outcome.output !== undefined) record.output = copy(outcome.output);
    if (outcome.error !== undefined) record.error = copy(outcome.error);
    record.updatedAt = Date.now();
    if (outcome.status === 'suspended') {
      record.suspendedAt = record.updatedAt;
      delete record.responses;
    }
  }

  async load(runId: string, signal?: AbortSignal): Promise<GraphRunRecord | undefined> {
    checkRunId(runId);
    throwIfAborted(signal);
    const record = this.#runs.get(runId);
    return record === undefined ? undefined : copy(record);
  }

  async status(runId: string, signal?: AbortSignal): Promise<GraphRunStatusView | undefined> {
    checkRunId(runId);
    throwIfAborted(signal);
    const record = this.#runs.get(runId);
    return record === undefined
      ? undefined
      : {
          status: record.status,
          fencingToken: record.fencingToken,
          cancelRequested: record.cancelRequested,
        };
  }

  async cancel(runId: string, signal?: AbortSignal): Promise<boolean> {
    checkRunId(runId);
    throwIfAborted(signal);
    const record = this.#runs.get(runId);
    if (record === undefined || isFinished(record.status)) return false;
    record.cancelRequested = true;
    if (record.status === 'queued' || record.status === 'suspended') {
      record.error = {
        name: 'GraphRunCancelledError',
        message:
          record.status === 'queued' ? 'cancelled before it started' : 'cancelled while suspended',
        code: 'aborted',
      };
      record.status = 'cancelled';
      delete record.suspendedAt;
    }
    record.updatedAt = Date.now();
    return true;
  }

  async close(): Promise<void> {}

  /** The record a write with `token` may change, else the refusal. */
  #owned(runId: string, token: number, cancelling = false): MutableRecord {
    const record = this.#runs.get(runId);
    if (record === undefined) throw new GraphRunNotFoundError(runId);
    if (record.fencingToken !== token || record.status !== 'running') {
      throw new StaleFencingTokenError(runId, token, record.fencingToken);
    }
    if (record.cancelRequested && !cancelling) throw new GraphRunCancelledError(runId);
    return record;
  }
}

function newRecord(
  runId: string,
  graphName: string,
  input: JsonObject,
  timeoutMs: number | undefined,
): MutableRecord {
  const now = Date.now();
  return {
    runId,
    graphName,
    graphVersion: undefined,
    fingerprint: undefined,
    status: 'queued',
    input: copy(input),
    state: copy(input),
    nodes: {},
    fencingToken: 0,
    claims: 0,
    createdAt: now,
    updatedAt: now,
    deadline: timeoutMs === undefined ? undefined : now + timeoutMs,
    cancelRequested: false,
  };
}
