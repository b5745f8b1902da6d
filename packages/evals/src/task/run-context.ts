import type { MemoryProvider, Span } from '@aigo/ai';
import { inMemoryMemory } from '@aigo/client';
import type { TaskContext, TaskReport } from './task-types.js';

/** The `TaskContext` of one run: its memory made on first read, what the task reports kept. */
export class RunContext implements TaskContext {
  readonly signal: AbortSignal;
  readonly runId: string;
  readonly caseId: string;
  readonly trial: number;
  readonly span: Span | undefined;
  #memory: MemoryProvider | undefined;
  #reported: TaskReport | undefined;

  constructor(
    signal: AbortSignal,
    runId: string,
    caseId: string,
    trial: number,
    span: Span | undefined,
  ) {
    this.signal = signal;
    this.runId = runId;
    this.caseId = caseId;
    this.trial = trial;
    this.span = span;
  }

  get memory(): MemoryProvider {
    this.#memory ??= inMemoryMemory();
    return this.#memory;
  }

  report(details: TaskReport): void {
    if (details === null || typeof details !== 'object') return;
    this.#reported = { ...this.#reported, ...details };
  }

  /** What the task reported (function tasks). */
  get reported(): TaskReport | undefined {
    return this.#reported;
  }
}

/** What a task reported through `context.report`, when the context is a run's own. */
export function reportedOf(context: TaskContext): TaskReport | undefined {
  return context instanceof RunContext ? context.reported : undefined;
}
