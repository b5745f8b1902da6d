import type { JsonObject } from '@aigo/ai';

/** A task an agent worked on, as task memory keeps it. */
export interface TaskRecord {
  /** What was asked. Embedded to find similar tasks later. */
  readonly question: string;
  /** The answer given (a structured answer as its JSON). */
  readonly answer: string;
  /** The tools the run called, by name. */
  readonly toolsUsed: readonly string[];
  /** How the task ended: `success`, `failure`, or a word of the application's. */
  readonly outcome: string;
  /** More JSON to keep with the task (and to filter searches by). */
  readonly metadata?: JsonObject;
}

/** A task as stored. */
export interface SavedTask extends TaskRecord {
  readonly id: string;
  /** When it was saved, ISO 8601. */
  readonly savedAt: string;
  readonly metadata: JsonObject;
}

/** A stored task similar to a question, with how similar (the store's score). */
export interface TaskMatch {
  readonly task: SavedTask;
  readonly score: number;
}

/** What `save` did. */
export type SaveTaskResult =
  | { readonly saved: true; readonly id: string }
  | {
      readonly saved: false;
      readonly reason: 'duplicate';
      readonly duplicateOf: string;
      readonly score: number;
    }
  | { readonly saved: false; readonly reason: 'policy' };
