import type { Agent, Prompt } from '@aigo/ai';
import { withFailedRun } from './failed-runs.js';
import { costOf, overviewOfError, usageOf } from './result-details.js';
import type { Task, ToolCallRecord } from './task-types.js';
import { toolCallRecord } from './tool-call-record.js';

/**
 * A task that runs an `Agent` (a ReAct agent, a graph agent, any object of the contract) once per
 * case: streamed, so the tool calls are recorded with their results, with the case's own memory and
 * run id. The output is the result's typed `data`.
 */
export function agentTask<I, T>(agent: Agent<T>, toPrompt: (input: I) => Prompt): Task<I, T> {
  return {
    kind: 'agent',
    name: agent.name,
    async run(input, context) {
      const calls: ToolCallRecord[] = [];
      const byId = new Map<string, number>();
      const stream = agent.executeStream(toPrompt(input), {
        signal: context.signal,
        memory: context.memory,
        runId: context.runId,
        ...(context.span === undefined ? {} : { span: context.span }),
      });
      try {
        for await (const event of stream) {
          if (event.type === 'tool_call') {
            byId.set(event.toolCall.id, calls.length);
            calls.push(toolCallRecord(event.toolCall));
          } else if (event.type === 'tool_result') {
            const record = toolCallRecord(event.toolCall, event.result, event.failed);
            const index = byId.get(event.toolCall.id);
            if (index === undefined) calls.push(record);
            else calls[index] = record;
          }
        }
        const result = await stream.collect();
        return {
          output: result.data,
          result,
          toolCalls: calls,
          usage: result.totalUsage,
          cost: result.costSummary(),
        };
      } catch (error) {
        const overview = overviewOfError(error);
        throw withFailedRun(error, {
          usage: usageOf(overview),
          cost: costOf(overview),
          toolCalls: calls,
        });
      }
    },
  };
}
