import type { Message, Principal } from '@aigo/ai';
import type { ToolCatalog } from '@aigo/client';
import type { Authorizer } from '../guardrails/authorize-call.js';
import type { ApprovalPolicy } from './approval-policy.js';
import { type PendingApprovals, pendingApprovals } from './pending-approvals.js';

/**
 * What a run's memory write learned about the reply it was storing: the decisions it waits for
 * (`approvals`), or the approval policy's failure (`error`). The run reads it once the model call
 * returns, and suspends — or fails.
 */
export class ApprovalGate {
  readonly #policy: ApprovalPolicy | undefined;
  readonly #context: unknown;
  readonly #runId: string;
  readonly #principal: Principal | undefined;
  readonly #authorize: Authorizer | undefined;
  /** The calls of the last reply `authorizeTool` denied (index → reason), until taken. */
  #denied: ReadonlyMap<number, string> | undefined;
  /** What the last reply waits for, when the memory held its turn back. */
  approvals: PendingApprovals | undefined;
  /** Deciding on approvals failed: the run fails with this once the call returns. */
  error: { readonly error: unknown } | undefined;

  constructor(
    policy: ApprovalPolicy | undefined,
    run: {
      readonly context: unknown;
      readonly runId: string;
      readonly principal: Principal | undefined;
    },
    authorize: Authorizer | undefined,
  ) {
    this.#policy = policy;
    this.#context = run.context;
    this.#runId = run.runId;
    this.#principal = run.principal;
    this.#authorize = authorize;
  }

  /** The calls of the last reply `authorizeTool` denied, taken (index → reason). */
  takeDenied(): ReadonlyMap<number, string> | undefined {
    const denied = this.#denied;
    this.#denied = undefined;
    return denied;
  }

  /**
   * True when the turn must be held back: its reply has calls that wait for decisions under the
   * policy and the tools of `tools` — or deciding failed (the turn is never stored then).
   */
  async holdBack(
    messages: readonly Message[],
    tools: ToolCatalog,
    iteration: number,
  ): Promise<boolean> {
    const reply = messages.at(-1);
    if (
      reply?.role !== 'assistant' ||
      reply.toolCalls === undefined ||
      reply.toolCalls.length === 0
    ) {
      return false;
    }
    try {
      const found = await pendingApprovals(this.#policy, tools, reply.toolCalls, {
        context: this.#context,
        runId: this.#runId,
        iteration,
        principal: this.#principal,
        authorize: this.#authorize,
      });
      this.#denied =
        found.denied.length === 0
          ? undefined
          : new Map(found.denied.map((call) => [call.index, call.reason]));
      if (found.requests.length === 0) return false;
      this.approvals = found;
    } catch (error) {
      // Never stored: the run fails with the policy's error once the call returns.
      this.error = { error };
    }
    return true;
  }
}
