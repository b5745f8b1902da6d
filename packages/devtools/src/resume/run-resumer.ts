import type { Agent, InteractionResponse, InteractionResponses, RunStore } from '@aigo/ai';
import { suspensionOf } from '../model/pending-approvals.js';
import type { RunRecorder } from '../model/run-recorder.js';

/** The answer to a decisions request: resumed, or why not (with the HTTP status to answer). */
export type DecisionOutcome =
  | { readonly ok: true; readonly runId: string }
  | { readonly ok: false; readonly status: 400 | 404 | 409; readonly problem: string };

/**
 * Resumes suspended runs from the page: checks the decisions against the run's pending requests
 * (one `{ approved: true }` or `{ approved: false, reason? }` per request), loads the run from the
 * store, and hands it to the agent of its name with `agent.resume`. The resumed run is traced like
 * any other and shows up as a new run. A run is resumed once from the page; the store's `claim`
 * (inside `resume`) refuses a second resume from anywhere else.
 */
export class RunResumer {
  readonly #recorder: RunRecorder;
  readonly #store: RunStore;
  /** Read at each decision, so agents built after devtools() (with its observer) can be added. */
  readonly #agents: readonly Agent[];
  readonly #decided = new Set<string>();
  /** Failures of resumed runs, by devtools run id (shown nowhere else: the run itself is traced). */
  readonly failures = new Map<string, string>();

  constructor(recorder: RunRecorder, store: RunStore, agents: readonly Agent[]) {
    this.#recorder = recorder;
    this.#store = store;
    this.#agents = agents;
  }

  /** Runs already resumed from the page. */
  get decided(): ReadonlySet<string> {
    return this.#decided;
  }

  /** Resumes the devtools run `id` with `body`'s decisions. */
  async decide(id: string, body: unknown, signal?: AbortSignal): Promise<DecisionOutcome> {
    const run = this.#recorder.run(id);
    if (run === undefined) return { ok: false, status: 404, problem: 'no such run' };
    const suspension = suspensionOf(run.root);
    if (suspension === undefined) {
      return { ok: false, status: 409, problem: 'the run is not waiting for decisions' };
    }
    if (this.#decided.has(id)) {
      return { ok: false, status: 409, problem: 'the run was already resumed from this page' };
    }
    const responses = readResponses(
      body,
      suspension.approvals.map((approval) => approval.id),
    );
    if (typeof responses === 'string') return { ok: false, status: 400, problem: responses };
    const stored = await this.#store.load(suspension.runId, signal === undefined ? {} : { signal });
    if (stored === undefined) {
      return { ok: false, status: 409, problem: `run ${suspension.runId} is not in the run store` };
    }
    const agent = this.#agents.find(
      (candidate) =>
        candidate !== null &&
        typeof candidate === 'object' &&
        candidate.name === stored.suspended.agent &&
        typeof candidate.resume === 'function',
    );
    if (agent === undefined) {
      return {
        ok: false,
        status: 409,
        problem: `no agent named ${JSON.stringify(stored.suspended.agent)} was given to devtools()`,
      };
    }
    this.#decided.add(id);
    this.#recorder.changed(run);
    agent.resume(stored.suspended, responses).catch((error: unknown) => {
      this.failures.set(id, error instanceof Error ? error.message : String(error));
    });
    return { ok: true, runId: suspension.runId };
  }
}

/** The decisions in `body`, one per pending request; a string says what is wrong. */
function readResponses(body: unknown, pending: readonly string[]): InteractionResponses | string {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return 'the body must be an object of decisions by request id';
  }
  const given = body as Record<string, unknown>;
  const responses: Record<string, InteractionResponse> = {};
  for (const id of pending) {
    const decision = given[id];
    if (decision === null || typeof decision !== 'object') {
      return `no decision for request ${JSON.stringify(id)}`;
    }
    const { approved, reason } = decision as { approved?: unknown; reason?: unknown };
    if (approved === true) {
      responses[id] = { approved: true };
    } else if (approved === false) {
      if (reason !== undefined && typeof reason !== 'string') {
        return `the reason for request ${JSON.stringify(id)} must be a string`;
      }
      responses[id] = reason === undefined ? { approved: false } : { approved: false, reason };
    } else {
      return `the decision for request ${JSON.stringify(id)} needs approved: true or false`;
    }
  }
  for (const id of Object.keys(given)) {
    if (!pending.includes(id)) return `request ${JSON.stringify(id)} is not pending`;
  }
  return responses;
}
