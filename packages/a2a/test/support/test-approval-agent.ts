// A small agent of the `Agent` contract that suspends: it asks for approval before "deleting" a file
// and, resumed, answers with what was decided. It stands for the human-in-the-loop ReAct agent.
import {
  type AgentEvent,
  type AgentResult,
  type AgentRunOptions,
  type AgentStream,
  type InteractionResponses,
  type Prompt,
  SUSPENDED_RUN_FORMAT,
  type SuspendedRun,
} from '@aigo/ai';
import type { ServableAgent } from '../../src/server/serve-a2a-options.js';

function streamOf<T>(events: () => AsyncGenerator<AgentEvent<T>>): AgentStream<T> {
  return {
    [Symbol.asyncIterator]: events,
    async collect(): Promise<AgentResult<T>> {
      for await (const event of events()) {
        if (event.type === 'final_answer') {
          return {
            data: event.result,
            totalUsage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 },
            costSummary: () => {
              throw new Error('the approval agent has no costs');
            },
          };
        }
        if (event.type === 'error') throw event.error;
      }
      throw new Error('the run suspended');
    },
  };
}

/** What the agent saw: prompts, run ids, and the decisions it was resumed with. */
export interface ApprovalAgent extends ServableAgent<string> {
  readonly prompts: Prompt[];
  readonly runIds: (string | undefined)[];
  readonly decisions: InteractionResponses[];
}

/** The agent. */
export function approvalAgent(): ApprovalAgent {
  const prompts: Prompt[] = [];
  const runIds: (string | undefined)[] = [];
  const decisions: InteractionResponses[] = [];
  return {
    name: 'janitor',
    description: 'Deletes files, with approval',
    toolDescriptions: [],
    prompts,
    runIds,
    decisions,
    executeStream(prompt: Prompt, options?: AgentRunOptions) {
      prompts.push(prompt);
      runIds.push(options?.runId);
      const runId = options?.runId ?? 'no-run-id';
      return streamOf<string>(async function* () {
        yield { type: 'iteration_start', iteration: 1 };
        const suspended: SuspendedRun = {
          format: SUSPENDED_RUN_FORMAT,
          version: 1,
          runId,
          agent: 'janitor',
          requests: [
            {
              id: 'approve-1',
              type: 'tool_approval',
              toolCall: { id: 'call-1', name: 'delete_file', arguments: '{"path":"/tmp/old.log"}' },
              message: 'Delete /tmp/old.log?',
            },
          ],
          state: { prompt: String(prompt) },
        };
        yield {
          type: 'interaction_requested',
          iteration: 1,
          requests: suspended.requests,
          suspended,
        };
      });
    },
    resumeStream(
      suspended: SuspendedRun,
      responses: InteractionResponses,
      options?: AgentRunOptions,
    ) {
      decisions.push(responses);
      runIds.push(options?.runId);
      return streamOf<string>(async function* () {
        yield { type: 'interaction_resumed', iteration: 1, runId: suspended.runId };
        const decision = responses['approve-1'];
        const content = decision?.approved
          ? 'Deleted /tmp/old.log.'
          : `Kept /tmp/old.log${decision?.approved === false && decision.reason ? `: ${decision.reason}` : '.'}`;
        yield { type: 'final_answer', iteration: 2, content, result: content };
      });
    },
  };
}
