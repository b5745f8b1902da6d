import type { Prompt } from '@aigo/ai';
import type { Client, StructuredClient } from '@aigo/client';
import { withFailedRun } from './failed-runs.js';
import type { Task } from './task-types.js';
import { toolCallsOfResponses } from './tool-call-record.js';

/**
 * A task that sends each case as one message through a client, with the case's own memory and an
 * overview of its own (usage, cost). The output is the answer's text; the tool calls the model asked
 * for are recorded (a plain call does not run them).
 */
export function clientTask<I>(client: Client, toPrompt: (input: I) => Prompt): Task<I, string> {
  return {
    kind: 'client',
    name: client.defaultModel === '' ? 'client' : client.defaultModel,
    async run(input, context) {
      const overview = client.createOverview();
      try {
        const response = await client.sendMessage(toPrompt(input), {
          signal: context.signal,
          memory: context.memory,
          overview,
          ...(context.span === undefined ? {} : { span: context.span }),
        });
        return {
          output: response.content,
          result: response,
          toolCalls: toolCallsOfResponses(overview),
          usage: overview.totalUsage,
          cost: overview.costSummary(),
        };
      } catch (error) {
        throw withFailedRun(error, {
          usage: overview.totalUsage,
          cost: overview.costSummary(),
          toolCalls: [],
        });
      }
    },
  };
}

/** Like `clientTask` for a structured client: the output is the answer's typed `data`. */
export function structuredClientTask<I, T>(
  structured: StructuredClient<T>,
  toPrompt: (input: I) => Prompt,
): Task<I, T> {
  const client = structured.client;
  return {
    kind: 'structured-client',
    name: client.defaultModel === '' ? 'structured-client' : client.defaultModel,
    async run(input, context) {
      const overview = client.createOverview();
      try {
        const response = await structured.sendMessage(toPrompt(input), {
          signal: context.signal,
          memory: context.memory,
          overview,
          ...(context.span === undefined ? {} : { span: context.span }),
        });
        return {
          output: response.data,
          result: response,
          toolCalls: toolCallsOfResponses(overview),
          usage: overview.totalUsage,
          cost: overview.costSummary(),
        };
      } catch (error) {
        throw withFailedRun(error, {
          usage: overview.totalUsage,
          cost: overview.costSummary(),
          toolCalls: [],
        });
      }
    },
  };
}
