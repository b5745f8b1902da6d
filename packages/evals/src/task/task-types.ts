import type { CostSummary, MemoryProvider, Span, Usage } from '@aigo/ai';

/** A tool call a run made (or, for a plain client call, asked for), in the order made. */
export interface ToolCallRecord {
  readonly name: string;
  /** The arguments, parsed from JSON (the raw text when they are not JSON). */
  readonly arguments: unknown;
  /** What the tool gave the model, when the run executed it. */
  readonly result?: string;
  /** True when `result` is an error envelope. */
  readonly failed?: boolean;
}

/** What a task reports besides its output (function tasks call `context.report`). */
export interface TaskReport {
  readonly usage?: Usage;
  readonly cost?: CostSummary;
  readonly toolCalls?: readonly ToolCallRecord[];
}

/** What a task gets for one run of one case. */
export interface TaskContext {
  /** Aborts the run (the experiment's signal, and its `timeoutMs` when set). */
  readonly signal: AbortSignal;
  /** The run's id: `<experiment>/<case id>/<trial>`; agents and graphs run under it. */
  readonly runId: string;
  readonly caseId: string;
  /** 1-based. */
  readonly trial: number;
  /** A fresh memory of this run's own, made on first read. */
  readonly memory: MemoryProvider;
  /** The run's `eval.case` span, when the experiment has an observer: the parent of the run's spans. */
  readonly span: Span | undefined;
  /** Function tasks: report usage, cost and tool calls for the results and the scorers. */
  report(details: TaskReport): void;
}

/** What one run of a task gave. */
export interface TaskRun<O> {
  readonly output: O;
  /** The target's own result: the agent's `AgentResult`, the client's `ChatResponse`, a graph's result. */
  readonly result: unknown;
  readonly toolCalls: readonly ToolCallRecord[];
  readonly usage: Usage | undefined;
  readonly cost: CostSummary | undefined;
}

/** The kinds of target `task` wraps. */
export type TaskKind = 'agent' | 'client' | 'structured-client' | 'graph' | 'function';

/**
 * Something an experiment runs once per case and trial. Made by `task(target)`; any object of this
 * shape works.
 */
export interface Task<I = unknown, O = unknown> {
  readonly kind: TaskKind;
  /** The target's name (an agent's `name`, a client's default model, a function's name). */
  readonly name: string;
  run(input: I, context: TaskContext): Promise<TaskRun<O>>;
}

/** Thrown by a task: what the run did before it failed, when the error carries it. */
export interface FailedRunDetails {
  readonly usage: Usage | undefined;
  readonly cost: CostSummary | undefined;
  readonly toolCalls: readonly ToolCallRecord[];
}
