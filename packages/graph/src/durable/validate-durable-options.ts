import { checkRunId, type GraphCheckpointer, ValidationError } from '@aigo/ai';
import type { ExecuteOptions, GraphOptions } from '../plan/graph-options.js';

const CHECKPOINTER_METHODS = [
  'create',
  'claim',
  'writeNode',
  'writeState',
  'finish',
  'load',
  'status',
  'cancel',
] as const;

/** Throws unless `value` has every `GraphCheckpointer` method. */
export function checkCheckpointer(
  value: unknown,
  name: string,
): asserts value is GraphCheckpointer {
  if (value === null || typeof value !== 'object') {
    throw new ValidationError(name, 'must be a GraphCheckpointer');
  }
  for (const method of CHECKPOINTER_METHODS) {
    if (typeof (value as Record<string, unknown>)[method] !== 'function') {
      throw new ValidationError(
        name,
        `must be a GraphCheckpointer (its ${method} method is missing)`,
      );
    }
  }
}

/** @throws ValidationError naming the first bad durable graph option. */
export function validateDurableGraphOptions(options: GraphOptions): void {
  for (const key of ['name', 'version'] as const) {
    const value = options[key];
    if (value !== undefined && (typeof value !== 'string' || value === '' || value.length > 200)) {
      throw new ValidationError(
        `options.${key}`,
        'must be a non-empty string of at most 200 characters',
      );
    }
  }
  if (options.checkpointer !== undefined)
    checkCheckpointer(options.checkpointer, 'options.checkpointer');
  if (
    options.runPollMs !== undefined &&
    (typeof options.runPollMs !== 'number' ||
      !Number.isFinite(options.runPollMs) ||
      options.runPollMs < 1)
  ) {
    throw new ValidationError(
      'options.runPollMs',
      'must be a finite number of milliseconds of at least 1',
    );
  }
}

/** @throws ValidationError naming the first bad durable execute option. */
export function validateDurableExecuteOptions(options: ExecuteOptions): void {
  if (options.runId !== undefined) checkRunId(options.runId, 'options.runId');
  if (options.checkpointer !== undefined)
    checkCheckpointer(options.checkpointer, 'options.checkpointer');
  if (options.checkpointer !== undefined && options.runId === undefined) {
    throw new ValidationError(
      'options.runId',
      'is required with a checkpointer (the id of the durable run)',
    );
  }
  if (options.stateProvider !== undefined && options.checkpointer !== undefined) {
    throw new ValidationError(
      'options.stateProvider',
      'cannot be combined with a checkpointer (the checkpoint is the state)',
    );
  }
}
