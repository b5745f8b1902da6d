import { TimeoutError, ValidationError } from '@aigo/ai';
import type { NodeDefinition } from '../plan/graph-plan.js';
import type { NodeExecutor, NodeFunction } from '../plan/node-types.js';
import { isThenable } from './is-thenable.js';
import { Attempt, type AttemptHost } from './node-attempt.js';

/**
 * Runs one attempt of a node and resolves to it once it has an outcome (`ok` and `value`: the
 * `NodeResult`, or the error). Never rejects. With a `timeout`, a timer fails the attempt at the
 * deadline (and aborts its signal) whether or not the executor has finished; without one, no timer
 * and no promise wrapper are made.
 */
export function runAttempt(
  host: AttemptHost,
  node: number,
  number: number,
  definition: NodeDefinition,
): Promise<Attempt> {
  const attempt = new Attempt(host, node, number, definition);
  const timeout = definition.timeout;
  let value: unknown;
  try {
    const input = attempt.input();
    value = definition.isFunction
      ? (definition.executor as NodeFunction)(input)
      : (definition.executor as NodeExecutor).execute(input);
  } catch (error) {
    attempt.settle(false, error);
    return Promise.resolve(attempt);
  }
  if (timeout === undefined) {
    if (!isThenable(value)) {
      accept(attempt, value);
      return Promise.resolve(attempt);
    }
    return Promise.resolve(value).then(
      (resolved) => {
        accept(attempt, resolved);
        return attempt;
      },
      (error: unknown) => {
        attempt.settle(false, error);
        return attempt;
      },
    );
  }
  return new Promise<Attempt>((resolve) => {
    attempt.timer = setTimeout(() => {
      attempt.timer = undefined;
      const error = new TimeoutError(
        `Node ${JSON.stringify(definition.id)} timed out after ${timeout} ms`,
        { timeoutMs: timeout },
      );
      attempt.abort(error);
      attempt.settle(false, error);
      resolve(attempt);
    }, timeout);
    Promise.resolve(value).then(
      (resolved) => {
        accept(attempt, resolved);
        resolve(attempt);
      },
      (error: unknown) => {
        attempt.settle(false, error);
        resolve(attempt);
      },
    );
  });
}

/**
 * Settles an attempt with what its executor returned: a function's value is the output; an
 * executor must resolve to a `NodeResult` (`undefined` or `null` count as an undefined output).
 */
function accept(attempt: Attempt, value: unknown): void {
  if (attempt.definition.isFunction) {
    attempt.settle(true, { output: value });
    return;
  }
  if (value === undefined || value === null) {
    attempt.settle(true, { output: undefined });
    return;
  }
  if (typeof value !== 'object' || !('output' in value)) {
    attempt.settle(
      false,
      new ValidationError(
        `nodes.${attempt.definition.id}.execute`,
        'must resolve to a NodeResult ({ output, metadata? })',
      ),
    );
    return;
  }
  attempt.settle(true, value);
}
