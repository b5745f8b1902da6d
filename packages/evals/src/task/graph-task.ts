import type { CostSummary, Span, Usage } from '@aigo/ai';
import { withFailedRun } from './failed-runs.js';
import { costOf, overviewOfError, usageOf } from './result-details.js';
import type { Task } from './task-types.js';
import { toolCallsOfResponses } from './tool-call-record.js';

/** A graph, structurally: what `createGraph` makes (`@aigo/graph`), as far as a task needs it. */
export interface GraphTarget<T> {
  readonly outputNodeId: string;
  /** The graph's name, when it has one. */
  readonly name?: string;
  execute(
    initialState?: Readonly<Record<string, unknown>>,
    options?: { readonly signal?: AbortSignal; readonly runId?: string; readonly span?: Span },
  ): Promise<{ readonly data: T; readonly totalUsage: Usage; costSummary(): CostSummary }>;
}

/**
 * A task that executes a graph once per case with the case's input as its initial state and the
 * run id as the execution's id. The output is the output node's output (`data`).
 */
export function graphTask<I, T>(
  graph: GraphTarget<T>,
  toState: (input: I) => Readonly<Record<string, unknown>>,
): Task<I, T> {
  return {
    kind: 'graph',
    name: typeof graph.name === 'string' ? graph.name : graph.outputNodeId,
    async run(input, context) {
      try {
        const result = await graph.execute(toState(input), {
          signal: context.signal,
          runId: context.runId,
          ...(context.span === undefined ? {} : { span: context.span }),
        });
        return {
          output: result.data,
          result,
          toolCalls: toolCallsOfResponses(result),
          usage: result.totalUsage,
          cost: result.costSummary(),
        };
      } catch (error) {
        const overview = overviewOfError(error);
        throw withFailedRun(error, {
          usage: usageOf(overview),
          cost: costOf(overview),
          toolCalls: toolCallsOfResponses(overview),
        });
      }
    },
  };
}
