import { type Message, type Task, TaskState } from '@a2a-js/sdk';
import {
  type ContentPart,
  type JsonObject,
  type JsonValue,
  type ToolResult,
  toolErrorEnvelope,
} from '@aigo/ai';
import { type PartsContent, readParts } from '../shared/a2a-parts.js';

/** The envelope codes of a remote task that did not complete. */
export const FAILED_STATES: ReadonlyMap<TaskState, { code: string; verb: string }> = new Map([
  [TaskState.TASK_STATE_FAILED, { code: 'remote_task_failed', verb: 'failed' }],
  [TaskState.TASK_STATE_REJECTED, { code: 'remote_task_rejected', verb: 'rejected' }],
  [TaskState.TASK_STATE_CANCELED, { code: 'remote_task_canceled', verb: 'cancelled' }],
  [
    TaskState.TASK_STATE_AUTH_REQUIRED,
    { code: 'remote_auth_required', verb: 'needs authentication for' },
  ],
]);

function fileSummary(files: readonly ContentPart[]): JsonValue[] {
  return files.map((file) => {
    const summary: JsonObject = { type: file.type };
    if (file.type !== 'text') {
      if (file.filename !== undefined) summary.name = file.filename;
      if (file.mimeType !== undefined) summary.mediaType = file.mimeType;
      if (file.uri !== undefined) summary.uri = file.uri;
    }
    return summary;
  });
}

function resultOf(body: JsonObject, content: PartsContent): ToolResult {
  if (content.data.length === 1) body.data = content.data[0] as JsonValue;
  else if (content.data.length > 1) body.data = content.data;
  if (content.files.length > 0) body.files = fileSummary(content.files);
  return {
    output: JSON.stringify(body),
    structuredContent: body,
    ...(content.files.length === 0 ? {} : { content: content.files }),
  };
}

/** A synchronous reply: its text (`answer`), data and files. */
export function messageResult(message: Message): ToolResult {
  const content = readParts(message.parts);
  return resultOf({ answer: content.texts.join('\n') }, content);
}

/**
 * What the model reads of a settled task. Completed: the artifacts' text (`answer`, else the status
 * message's), data and files. Waiting for input: the agent's question and how to answer it. Failed,
 * rejected, cancelled, or waiting for authentication: an error envelope with the agent's reason.
 */
export function taskResult(task: Task, toolName: string, agentName: string): ToolResult {
  const state = task.status?.state;
  const statusContent = readParts(task.status?.message?.parts);
  if (state === TaskState.TASK_STATE_COMPLETED) {
    const content: PartsContent = { texts: [], data: [], files: [] };
    for (const artifact of task.artifacts ?? []) readParts(artifact.parts, content);
    const answer = content.texts.length > 0 ? content.texts : statusContent.texts;
    if (content.texts.length === 0) {
      content.data.push(...statusContent.data);
      content.files.push(...statusContent.files);
    }
    return resultOf({ answer: answer.join('\n\n') }, content);
  }
  if (state === TaskState.TASK_STATE_INPUT_REQUIRED) {
    return resultOf(
      {
        inputRequired: true,
        question: statusContent.texts.join('\n') || 'The agent needs more input.',
        instructions: `The remote agent ${agentName} is waiting for an answer to continue this task: call ${toolName} again with the answer as message.`,
      },
      statusContent,
    );
  }
  const failure = (state === undefined ? undefined : FAILED_STATES.get(state)) ?? {
    code: 'remote_protocol_error',
    verb: 'left in an unknown state',
  };
  const reason = statusContent.texts.join('\n') || 'no reason given';
  const output = toolErrorEnvelope(
    failure.code,
    `The remote agent ${agentName} ${failure.verb} the task: ${reason}`,
  );
  return { output, isError: true };
}
