import { type Agent, type Prompt, ValidationError } from '@aigo/ai';
import type { Client, StructuredClient } from '@aigo/client';
import { agentTask } from './agent-task.js';
import { clientTask, structuredClientTask } from './client-task.js';
import { defaultPrompt, defaultState } from './default-prompt.js';
import { functionTask, type TaskFunction } from './function-task.js';
import { type GraphTarget, graphTask } from './graph-task.js';
import type { Task } from './task-types.js';

/** Options of `task`. */
export interface TaskOptions<I> {
  /** The task's name in results (default: the agent's name, the client's model, the function's name). */
  readonly name?: string;
  /**
   * Maps a case's input to what the target takes: the prompt of an agent or a client (default: a
   * string as it is, anything else as JSON), the initial state of a graph (default: an object as it
   * is, anything else as `{ input }`). Ignored for a function, which gets the input itself.
   */
  readonly input?: (input: I) => unknown;
}

const OPTIONS = new Set(['name', 'input']);

/**
 * Wraps what an experiment runs once per case: an `Agent` (a ReAct agent: the output is its typed
 * `data`, and its tool calls are recorded), a client (`createClient`: the answer's text) or a
 * structured client (its typed `data`), a graph (`createGraph`: the output node's output), or a
 * function `(input, context) => output`. Every run gets the case's own memory and run id.
 *
 * @example
 * const triage = task(createReAct(client, { schema: Ticket, name: 'triage' }));
 *
 * @throws ValidationError when `target` is none of these, or for a bad option.
 */
export function task<T, I = unknown>(target: Agent<T>, options?: TaskOptions<I>): Task<I, T>;
export function task<T, I = unknown>(
  target: StructuredClient<T>,
  options?: TaskOptions<I>,
): Task<I, T>;
export function task<I = unknown>(target: Client, options?: TaskOptions<I>): Task<I, string>;
export function task<T, I = unknown>(target: GraphTarget<T>, options?: TaskOptions<I>): Task<I, T>;
export function task<I, O>(target: TaskFunction<I, O>, options?: TaskOptions<I>): Task<I, O>;
export function task(target: unknown, options: TaskOptions<unknown> = {}): Task<unknown, unknown> {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  for (const key of Object.keys(options)) {
    if (!OPTIONS.has(key)) throw new ValidationError(`options.${key}`, 'is not an option of task');
  }
  if (options.name !== undefined && (typeof options.name !== 'string' || options.name === '')) {
    throw new ValidationError('options.name', 'must be a non-empty string');
  }
  if (options.input !== undefined && typeof options.input !== 'function') {
    throw new ValidationError('options.input', 'must be a function of the case input');
  }
  const made = wrap(target, options.input);
  return options.name === undefined ? made : { ...made, name: options.name };
}

function wrap(
  target: unknown,
  map: ((input: unknown) => unknown) | undefined,
): Task<unknown, unknown> {
  const toPrompt = (map ?? defaultPrompt) as (input: unknown) => Prompt;
  if (typeof target === 'function') {
    const name = target.name === '' ? 'task' : target.name;
    return functionTask(target as TaskFunction<unknown, unknown>, name);
  }
  if (target === null || typeof target !== 'object') {
    throw new ValidationError(
      'target',
      'must be an agent, a client, a structured client, a graph or a function',
    );
  }
  const has = (name: string) => typeof (target as Record<string, unknown>)[name] === 'function';
  if (has('executeStream') && has('resume')) return agentTask(target as Agent<unknown>, toPrompt);
  if (has('addNode') && has('execute')) {
    const toState = (map ?? defaultState) as (input: unknown) => Readonly<Record<string, unknown>>;
    return graphTask(target as GraphTarget<unknown>, toState);
  }
  if (has('sendMessage') && 'client' in target && 'schema' in target) {
    return structuredClientTask(target as StructuredClient<unknown>, toPrompt);
  }
  if (has('sendMessage') && has('createOverview')) return clientTask(target as Client, toPrompt);
  throw new ValidationError(
    'target',
    'must be an agent (execute, executeStream, resume), a client (sendMessage), a graph (addNode, execute) or a function',
  );
}
