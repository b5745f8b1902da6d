import { ValidationError } from '../errors/validation-error.js';
import type { JsonObject, JsonValue } from '../json.js';
import type { Prompt } from './prompt.js';

/**
 * What steering a run answers: `queued` — the message joins the run's conversation at its next model
 * call; `finished` — the run already ended, and the message was neither used nor kept.
 */
export type SteerResult = 'queued' | 'finished';

/**
 * Queues a message (a prompt: text, content parts or a user message) into a running agent run: it
 * joins the conversation at the run's next model call, after every tool result of the current step.
 *
 * @throws ValidationError (argument `message`) when the message is not a prompt; nothing is queued.
 */
export type Steer = (message: Prompt) => SteerResult;

/**
 * Checks that `value` is a JSON object — plain objects and arrays of strings, finite numbers,
 * booleans and `null`, without cycles — and returns a deep copy of it. A property whose value is
 * `undefined` is left out, as `JSON.stringify` does. This is how an agent saves a run's state
 * (`ctx.state`) into a suspended value or a run state, and how a session keeps it between prompts.
 *
 * @param argument - The name the errors give the value (`state`).
 * @throws ValidationError naming the first value that is not JSON, by its path
 *   (`state.plan.tasks[2].due is a function, not JSON`).
 */
export function copyRunState(value: unknown, argument = 'state'): JsonObject {
  if (!isPlainObject(value)) throw new ValidationError(argument, 'must be a JSON object');
  return copyObject(value, argument, new Set([value]));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function copyObject(value: Record<string, unknown>, path: string, seen: Set<object>): JsonObject {
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined) continue;
    const copied = copyValue(item, `${path}${keyPath(key)}`, seen);
    if (key === '__proto__') {
      Object.defineProperty(copy, key, { value: copied, enumerable: true, writable: true });
    } else {
      copy[key] = copied;
    }
  }
  return copy;
}

function copyValue(value: unknown, path: string, seen: Set<object>): JsonValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value))
        throw new ValidationError(path, `is ${value}, not a JSON number`);
      return value;
    case 'object': {
      if (value === null) return null;
      if (seen.has(value)) {
        throw new ValidationError(
          path,
          'refers back to an object that holds it (a cycle): not JSON',
        );
      }
      seen.add(value);
      try {
        if (Array.isArray(value)) {
          return value.map((item: unknown, index) => copyValue(item, `${path}[${index}]`, seen));
        }
        if (!isPlainObject(value)) {
          const name = (value as { constructor?: { name?: unknown } }).constructor?.name;
          throw new ValidationError(
            path,
            `is ${typeof name === 'string' && name !== '' ? `a ${name}` : 'an object with a prototype'}, not a plain JSON object`,
          );
        }
        return copyObject(value, path, seen);
      } finally {
        seen.delete(value);
      }
    }
    default:
      throw new ValidationError(
        path,
        `is ${value === undefined ? 'undefined' : `a ${typeof value}`}, not JSON`,
      );
  }
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function keyPath(key: string): string {
  return IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
