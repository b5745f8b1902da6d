import { withFailedRun } from './failed-runs.js';
import { reportedOf } from './run-context.js';
import type { Task, TaskContext } from './task-types.js';

/** A function run as a task: gets the case's input and the run's context; returns the output. */
export type TaskFunction<I, O> = (input: I, context: TaskContext) => O | Promise<O>;

/**
 * A task that calls a function once per case. What it reports through `context.report` (usage,
 * cost, tool calls) goes into the results.
 */
export function functionTask<I, O>(run: TaskFunction<I, O>, name: string): Task<I, O> {
  return {
    kind: 'function',
    name,
    async run(input, context) {
      try {
        const output = await run(input, context);
        const reported = reportedOf(context);
        return {
          output,
          result: output,
          toolCalls: reported?.toolCalls ?? [],
          usage: reported?.usage,
          cost: reported?.cost,
        };
      } catch (error) {
        const reported = reportedOf(context);
        throw withFailedRun(error, {
          usage: reported?.usage,
          cost: reported?.cost,
          toolCalls: reported?.toolCalls ?? [],
        });
      }
    },
  };
}
