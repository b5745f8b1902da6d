import { type Message, validateMessage } from '@aigo/ai';

/**
 * Checks that `value` is a well-formed `Message` (`validateMessage` from `@aigo/ai`) and returns a
 * deeply frozen copy of it, so the in-memory memory can hand its stored messages out without copying
 * them again and no caller can change them afterwards. `path` names the argument in errors.
 *
 * @throws ValidationError naming the first bad field.
 */
export function copyMessage(value: unknown, path: string): Message {
  return deepFreeze(validateMessage(value, path));
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
