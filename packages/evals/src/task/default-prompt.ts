import type { Prompt } from '@aigo/ai';

/**
 * The prompt of a case's input when the task maps none: a string as it is, content parts or a user
 * `Message` as they are, anything else as its JSON.
 */
export function defaultPrompt(input: unknown): Prompt {
  if (typeof input === 'string') return input;
  if (Array.isArray(input)) return input as Prompt;
  if (input !== null && typeof input === 'object' && 'role' in input && 'content' in input) {
    return input as Prompt;
  }
  return JSON.stringify(input);
}

/** The initial state of a graph for a case's input: an object as it is, anything else as `{ input }`. */
export function defaultState(input: unknown): Readonly<Record<string, unknown>> {
  if (input !== null && typeof input === 'object' && !Array.isArray(input)) {
    return input as Readonly<Record<string, unknown>>;
  }
  return { input };
}
