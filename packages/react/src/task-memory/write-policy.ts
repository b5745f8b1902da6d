import { ValidationError } from '@aigo/ai';
import type { TaskRecord } from './task-record.js';

/** Decides whether a task is worth keeping. */
export type TaskWritePolicy = (task: TaskRecord) => boolean | Promise<boolean>;

/**
 * How much a task is worth remembering, 0…1: nothing for a task that did not succeed or has no
 * answer; else 0.5, plus 0.25 when it used tools (the answer took work to find), plus 0.25 when the
 * answer has at least 20 characters (more than a yes or a number).
 */
export function taskValue(task: TaskRecord): number {
  if (task.outcome !== 'success' || task.answer.trim() === '') return 0;
  return (
    0.5 + (task.toolsUsed.length > 0 ? 0.25 : 0) + (task.answer.trim().length >= 20 ? 0.25 : 0)
  );
}

/**
 * The default write policy: keep a task whose {@link taskValue} (or `value`'s) is at least
 * `minValue` (default 0.5: every successful task with an answer).
 *
 * @throws ValidationError naming the bad option.
 */
export function thresholdWritePolicy(
  options: { readonly minValue?: number; readonly value?: (task: TaskRecord) => number } = {},
): TaskWritePolicy {
  const minValue = options.minValue ?? 0.5;
  if (typeof minValue !== 'number' || !(minValue >= 0 && minValue <= 1)) {
    throw new ValidationError('options.minValue', 'must be a number from 0 to 1');
  }
  const value = options.value ?? taskValue;
  if (typeof value !== 'function') throw new ValidationError('options.value', 'must be a function');
  return (task) => value(task) >= minValue;
}
