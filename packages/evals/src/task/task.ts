import { type Agent, type Prompt, ValidationError } from '@aigo/ai';
import type { Client, StructuredClient } from '@aigo/client';
import { agentTask } from './agent-task.js';
import { clientTask, structuredClientTask } from './client-task.js';
import { defaultPrompt, defaultState } from './default-prompt.js';
import { functionTask, type TaskFunction } from './function-task.js';
import { type GraphTarget, graphTask } from './graph-task.js';
import type { Task } from './task-types.js';

/** Options of `task`. */
export interface TaskOptions<I, T = unknown, O = T> {
  /** The task's name in results (default: the agent's name, the client's model, the function's name). */
  readonly name?: string;
  /**
   * Maps a case's input to what the target takes: the prompt of an agent or a client (default: a
   * string as it is, anything else as JSON), the initial state of a graph (default: an object as it
   * is, anything else as `{ input }`). Ignored for a function, which gets the input itself.
   */
  readonly input?: (input: I) => unknown;
  /**
   * Maps the target's output (an agent's `data`, the answer's text, a graph's output) to what the
   * scorers see: `(data) => data.category`, say. Default: the output as it is.
   */
  readonly output?: (output: T) => O;
}

const OPTIONS = new Set(['name', 'input', 'output']);

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
export function task<T, I = unknown, O = T>(
  target: Agent<T>,
  options?: TaskOptions<I, T, O>,
): Task<I, O>;
export function task<T, I = unknown, O = T>(
  target: StructuredClient<T>,
  options?: TaskOptions<I, T, O>,
): Task<I, O>;
export function task<I = unknown, O = string>(
  target: Client,
  options?: TaskOptions<I, string, O>,
): Task<I, O>;
export function task<T, I = unknown, O = T>(
  target: GraphTarget<T>,
  options?: TaskOptions<I, T, O>,
): Task<I, O>;
export function task<I, T, O = T>(
  target: TaskFunction<I, T>,
  options?: TaskOptions<I, T, O>,
): Task<I, O>;
export function task(
  target: unknown,
  options: TaskOptions<unknown, never, unknown> = {},
): Task<unknown, unknown> {
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
  if (options.output !== undefined && typeof options.output !== 'function') {
    throw new ValidationError('options.output', 'must be a function of the output');
  }
  const made = wrap(target, options.input);
  const mapOutput = options.output as ((output: unknown) => unknown) | undefined;
  const mapped: Task<unknown, unknown> =
    mapOutput === undefined
      ? made
      : {
          kind: made.kind,
          name: made.name,
          run: async (input, context) => {
            const run = await made.run(input, context);
            return { ...run, output: mapOutput(run.output) };
          },
        };
  return options.name === undefined ? mapped : { ...mapped, name: options.name };
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
  // A graph has execute, executeStream and resume too: tell it by addNode first.
  if (has('addNode') && has('execute')) {
    const toState = (map ?? defaultState) as (input: unknown) => Readonly<Record<string, unknown>>;
    return graphTask(target as GraphTarget<unknown>, toState);
  }
  if (has('executeStream') && has('resume')) return agentTask(target as Agent<unknown>, toPrompt);
  if (has('sendMessage') && 'client' in target && 'schema' in target) {
    return structuredClientTask(target as StructuredClient<unknown>, toPrompt);
  }
  if (has('sendMessage') && has('createOverview')) return clientTask(target as Client, toPrompt);
  throw new ValidationError(
    'target',
    'must be an agent (execute, executeStream, resume), a client (sendMessage), a graph (addNode, execute) or a function',
  );
}
