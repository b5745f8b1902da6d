import type { SuspendedRun } from '../agent/suspended-run.js';
import type { Usage } from '../chat/usage.js';
import type { GuardrailTrip } from '../guardrails/guardrail-result.js';
import { AigoError, type AigoErrorOptions } from './aigo-error.js';

/** Every attempt of a retried call failed; `errors` holds each attempt's error, oldest first. */
export class RetryExhaustedError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/RetryExhaustedError');
  readonly errors: readonly unknown[];

  constructor(errors: readonly unknown[]) {
    const last = errors.at(-1);
    const detail = last instanceof Error ? `: ${last.message}` : '';
    super('retry_exhausted', `All ${errors.length} attempts failed${detail}`, { cause: last });
    this.errors = errors;
  }
}

/** A tool failed in a way the run cannot hide from the caller. */
export class ToolError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/ToolError');
  readonly toolName: string;
  readonly toolCallId: string | undefined;

  constructor(
    toolName: string,
    message: string,
    options?: AigoErrorOptions & { toolCallId?: string },
  ) {
    super('tool_error', message, options);
    this.toolName = toolName;
    this.toolCallId = options?.toolCallId;
  }
}

/** A validation problem: where and what. */
export interface SchemaIssue {
  /** JSON pointer to the failing value (`/items/0/price`), `''` for the root. */
  readonly path: string;
  readonly message: string;
}

/**
 * A model's answer could not be read as the expected type. `text` is the answer (as far as it came),
 * `usage` its tokens, `issues` what did not fit; a structured stream's error also carries the last
 * partial value it parsed (`partialOutput`), so a cut answer can still be shown as far as it went.
 */
export class ParseError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/ParseError');
  readonly text: string;
  readonly usage: Usage | undefined;
  readonly issues: readonly SchemaIssue[];
  /** The last partial value a structured stream parsed before the answer failed (else unset). */
  readonly partialOutput: unknown;

  constructor(
    message: string,
    options: AigoErrorOptions & {
      text: string;
      usage?: Usage;
      issues?: readonly SchemaIssue[];
      partialOutput?: unknown;
    },
  ) {
    super('parse_error', message, options);
    this.text = options.text;
    this.usage = options.usage;
    this.issues = options.issues ?? [];
    this.partialOutput = options.partialOutput;
  }
}

/** A memory store failed. `pgCode` is PostgreSQL's SQLSTATE when the server raised it. */
export class MemoryError extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/MemoryError');
  readonly pgCode: string | undefined;

  constructor(message: string, options?: AigoErrorOptions & { pgCode?: string }) {
    super('memory_error', message, options);
    this.pgCode = options?.pgCode;
  }
}

/**
 * Why an agent stopped without a final answer. `suspended` is no failure: the run waits for the
 * decisions of `AgentStoppedError.suspended.requests` and continues with `agent.resume`.
 * `guardrail`: a guardrail tripped (`AgentStoppedError.guardrail` says which, where and why).
 */
export type AgentStopReason = 'max_iterations' | 'error' | 'aborted' | 'suspended' | 'guardrail';

/**
 * An agent run ended without a final answer. `overview` is what the run did up to then (requests,
 * usage, cost), typed by the package that runs agents. With `stopReason: 'suspended'` the run waits
 * for decisions: `suspended` is the JSON-serialisable value to store and pass to `agent.resume`, and
 * `suspended.requests` what to ask.
 */
export class AgentStoppedError<Overview = unknown> extends AigoError {
  static override readonly marker: symbol = Symbol.for('@aigo/ai/AgentStoppedError');
  readonly stopReason: AgentStopReason;
  readonly overview: Overview;
  /** The run to resume, set exactly when `stopReason` is `suspended`. */
  readonly suspended: SuspendedRun | undefined;
  /** The guardrail that ended the run, set exactly when `stopReason` is `guardrail`. */
  readonly guardrail: GuardrailTrip | undefined;

  constructor(
    stopReason: AgentStopReason,
    message: string,
    overview: Overview,
    options?: AigoErrorOptions & { suspended?: SuspendedRun; guardrail?: GuardrailTrip },
  ) {
    super('agent_stopped', message, options);
    this.stopReason = stopReason;
    this.overview = overview;
    this.suspended = options?.suspended;
    this.guardrail = options?.guardrail;
  }

  /** Secret-free: without the overview, and of a suspended run only its id and requests. */
  override toJSON(): Record<string, unknown> {
    const { overview: _overview, suspended, ...rest } = super.toJSON();
    if (this.suspended === undefined || suspended === undefined) return rest;
    return {
      ...rest,
      suspended: { runId: this.suspended.runId, requests: this.suspended.requests },
    };
  }
}
