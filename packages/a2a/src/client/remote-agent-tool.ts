import { randomUUID } from 'node:crypto';
import { type Message, Role, type SendMessageRequest, type Task, TaskState } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import {
  AbortError,
  injectTraceContext,
  type Tool,
  type ToolCallOptions,
  type ToolDescription,
  type ToolResult,
  toolErrorEnvelope,
} from '@aigo/ai';
import { textA2APart } from '../shared/a2a-parts.js';
import type { CheckedA2AToolsOptions } from './a2a-tools-options.js';
import { followExchange, isOpen } from './follow-task.js';
import { causeText } from './resolve-agent-card.js';
import type { RunConversations } from './run-conversations.js';
import { messageResult, taskResult } from './task-outcome.js';
import { TaskStopper } from './task-stopper.js';

/** What one tool of a remote agent needs. */
export interface RemoteAgentToolSpec {
  readonly name: string;
  readonly description: string;
  /** The skill the tool stands for, when it is a skill's tool. */
  readonly skill?: { readonly id: string; readonly name: string };
  readonly agentName: string;
  readonly client: Client;
  readonly streaming: boolean;
  readonly runs: RunConversations;
  readonly options: CheckedA2AToolsOptions;
}

const PARAMETERS = {
  type: 'object',
  properties: {
    message: {
      type: 'string',
      description:
        'What to ask or tell the agent, complete in itself: it does not see this conversation. To answer a question it asked, the answer.',
    },
  },
  required: ['message'],
  additionalProperties: false,
} as const;

const STATE_NAMES: Readonly<Record<number, string>> = {
  [TaskState.TASK_STATE_SUBMITTED]: 'submitted',
  [TaskState.TASK_STATE_WORKING]: 'working',
  [TaskState.TASK_STATE_COMPLETED]: 'completed',
  [TaskState.TASK_STATE_FAILED]: 'failed',
  [TaskState.TASK_STATE_CANCELED]: 'canceled',
  [TaskState.TASK_STATE_INPUT_REQUIRED]: 'input-required',
  [TaskState.TASK_STATE_REJECTED]: 'rejected',
  [TaskState.TASK_STATE_AUTH_REQUIRED]: 'auth-required',
};

/** The A2A name of a task state (`working`, `input-required`, …). */
export function stateName(state: TaskState | undefined): string {
  return (state === undefined ? undefined : STATE_NAMES[state]) ?? 'unknown';
}

function readMessage(argumentsJson: string): string | undefined {
  try {
    const value: unknown = JSON.parse(argumentsJson);
    if (value === null || typeof value !== 'object') return undefined;
    const message = (value as { message?: unknown }).message;
    return typeof message === 'string' && message.trim() !== '' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** How long a cancel sent after an abort or a timeout may take. */
const CANCEL_TIMEOUT_MS = 5_000;

/**
 * A tool that sends its `message` argument to the remote agent and follows the reply to its end
 * (see `a2aTools`). Resolves to the answer, a question the model can answer by calling again, or an
 * error envelope; rejects only with `AbortError` when the caller's signal aborts, after asking the
 * agent to cancel the task.
 */
export function remoteAgentTool(spec: RemoteAgentToolSpec): Tool {
  const description: ToolDescription = {
    name: spec.name,
    description: spec.description,
    parameters: PARAMETERS,
    ...(spec.options.metrics === undefined ? {} : { metrics: spec.options.metrics }),
  };

  const callWithResult = async (
    argumentsJson: string,
    options: ToolCallOptions = {},
  ): Promise<ToolResult> => {
    if (options.signal?.aborted) throw AbortError.fromSignal(options.signal);
    const text = typeof argumentsJson === 'string' ? readMessage(argumentsJson) : undefined;
    if (text === undefined) {
      return {
        output: toolErrorEnvelope('invalid_arguments', 'Pass {"message": "<text for the agent>"}.'),
        isError: true,
      };
    }
    const run = spec.runs.get(options.runId);
    const contextId = run?.contextId ?? randomUUID();
    const message: Message = {
      messageId: randomUUID(),
      contextId,
      taskId: run?.pendingTaskId ?? '',
      role: Role.ROLE_USER,
      parts: [textA2APart(spec.skill === undefined ? text : `[${spec.skill.name}] ${text}`)],
      metadata: spec.skill === undefined ? undefined : { skillId: spec.skill.id },
      extensions: [],
      referenceTaskIds: [],
    };
    const request: SendMessageRequest = {
      tenant: '',
      message,
      configuration: undefined,
      metadata: undefined,
    };
    const timeout = AbortSignal.timeout(spec.options.timeoutMs);
    const stop =
      options.signal === undefined ? timeout : AbortSignal.any([options.signal, timeout]);
    const stopper = new TaskStopper(stop, CANCEL_TIMEOUT_MS);
    const serviceParameters = injectTraceContext(spec.options.observer, options.span);
    let task: Task | undefined;
    const stopped = async (): Promise<ToolResult> => {
      if (task !== undefined && isOpen(task)) await cancel(spec, task.id);
      if (options.signal?.aborted) throw AbortError.fromSignal(options.signal);
      return {
        output: toolErrorEnvelope(
          'timeout',
          `The remote agent ${spec.agentName} did not finish within ${spec.options.timeoutMs} ms; the task was cancelled.`,
        ),
        isError: true,
      };
    };
    try {
      const result = await followExchange({
        client: spec.client,
        request,
        options: { signal: stopper.signal, serviceParameters },
        streaming: spec.streaming,
        pollIntervalMs: spec.options.pollIntervalMs,
        onTask: (made) => {
          task = made;
          stopper.named();
        },
        onStatus: (current, status) => {
          task = current;
          const progress = messageText(status.message);
          spec.options.observer?.debug('a2a task status', {
            'a2a.agent': spec.agentName,
            'a2a.task.id': current.id,
            'a2a.task.state': stateName(status.state),
          });
          options.onProgress?.({
            message: progress === '' ? `${spec.agentName}: ${stateName(status.state)}` : progress,
          });
          if (progress !== '') forwardStatus(spec.name, options, progress);
        },
      });
      if (stop.aborted) return await stopped();
      if ('messageId' in result) {
        spec.runs.set(options.runId, {
          contextId: result.contextId || contextId,
          pendingTaskId: undefined,
        });
        return messageResult(result);
      }
      const waiting = result.status?.state === TaskState.TASK_STATE_INPUT_REQUIRED;
      spec.runs.set(options.runId, {
        contextId: result.contextId || contextId,
        pendingTaskId: waiting ? result.id : undefined,
      });
      return taskResult(result, spec.name, spec.agentName);
    } catch (error) {
      if (stop.aborted) return await stopped();
      // A task the agent no longer knows cannot be continued: the next call starts afresh.
      if (run?.pendingTaskId !== undefined)
        spec.runs.set(options.runId, { contextId, pendingTaskId: undefined });
      return { output: errorEnvelope(error, spec.agentName), isError: true };
    } finally {
      stopper.dispose();
      // The protocol reports no cost: the remote run's is unknown (never 0) in the caller's summary.
      options.parentRun?.addSubRun({ agent: spec.name, usage: undefined, cost: undefined });
    }
  };

  return {
    name: spec.name,
    description,
    metrics: spec.options.metrics,
    callWithResult,
    call: async (argumentsJson, options) => (await callWithResult(argumentsJson, options)).output,
  };
}

async function cancel(spec: RemoteAgentToolSpec, taskId: string): Promise<void> {
  try {
    await spec.client.cancelTask(
      { tenant: '', id: taskId, metadata: undefined },
      { signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS) },
    );
  } catch (error) {
    spec.options.observer?.warn('a2a task cancel failed', {
      'a2a.agent': spec.agentName,
      'a2a.task.id': taskId,
      'error.message': causeText(error),
    });
  }
}

/**
 * A status message of the remote task, in the calling run's stream when it is streamed: an
 * `agent_event` wrapping a `content` event with the text (the remote agent's own events do not
 * cross the protocol; its status updates do).
 */
function forwardStatus(name: string, options: ToolCallOptions, text: string): void {
  const parent = options.parentRun;
  if (parent === undefined || !parent.streams) return;
  const wait = parent.emit({
    agent: name,
    toolCallId: options.toolCallId ?? '',
    event: { type: 'content', iteration: 1, text },
  });
  // Status updates arrive from the SDK's stream; one the caller's consumer has not read yet waits
  // in its queue, as a tool's progress does.
  wait?.catch(() => undefined);
}

function messageText(message: Message | undefined): string {
  const texts: string[] = [];
  for (const part of message?.parts ?? []) {
    if (part.content?.$case === 'text') texts.push(part.content.value);
  }
  return texts.join('\n');
}

/** An SDK failure as the envelope the model reads: unreachable, or the protocol error it was. */
function errorEnvelope(error: unknown, agentName: string): string {
  if (error instanceof TypeError) {
    return toolErrorEnvelope(
      'remote_agent_unreachable',
      `Could not reach the remote agent ${agentName}: ${causeText(error)}`,
    );
  }
  const reason =
    typeof (error as { reason?: unknown })?.reason === 'string'
      ? ` (${(error as { reason: string }).reason})`
      : '';
  return toolErrorEnvelope(
    'remote_protocol_error',
    `The remote agent ${agentName} answered with an error${reason}: ${causeText(error)}`,
  );
}
