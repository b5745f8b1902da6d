import type { JsonObject, MemoryProvider, Message, Prompt } from '@aigo/ai';
import type { DeferringMemory } from '../suspend/deferring-memory.js';
import type { ResumePlan } from '../suspend/prepare-resume.js';

/** What a run with human in the loop works with besides its state. */
export interface RunExtras {
  /** The memory under the deferring view (the run's own, for a run without a memory). */
  readonly baseMemory: MemoryProvider;
  readonly deferring: DeferringMemory | undefined;
  readonly plan: ResumePlan | undefined;
  /**
   * With a run store: the revision the claim of this run produced (a resume's, a step's) — a
   * suspension is saved against it.
   */
  readonly revision: number | undefined;
}

/** How a step that did not stop ended: the run goes on, or it has its final answer (`result`). */
export type StepEnd = 'continue' | 'final';

/** What a run that goes on saves between its steps (see `RunStart`). */
export interface LoopSnapshot {
  readonly iteration: number;
  readonly prompt: Prompt | undefined;
  readonly next: readonly Message[] | undefined;
  /** Steering messages not delivered yet, taken out of the run's queue. */
  readonly steering: readonly Message[];
  /** The run's state, checked to be JSON and copied. */
  readonly state: JsonObject;
}
