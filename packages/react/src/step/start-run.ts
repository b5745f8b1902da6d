import type {
  JsonObject,
  MemoryProvider,
  Principal,
  Prompt,
  RunStore,
  SuspendedRun,
} from '@aigo/ai';
import type { AgentSettings } from '../loop/agent-settings.js';
import { promptAsMessage } from '../steering/steering-message.js';
import { sealRunState } from '../suspend/seal-run-state.js';
import {
  type CheckedTaskMemory,
  promptText,
  recallTasks,
} from '../task-memory/react-task-memory.js';

/** A start's inputs, checked. */
export interface StartInput {
  readonly memory: MemoryProvider | undefined;
  readonly signal: AbortSignal | undefined;
  readonly runId: string;
  readonly runStore: RunStore | undefined;
  readonly state: JsonObject | undefined;
  readonly principal: Principal | undefined;
}

/**
 * The first state of a run driven step by step: its prompt (not sent yet), its state, the
 * conversation it holds and that conversation's version now (so the first step finds out when it
 * moved on) — or, without a memory, an empty history — and, with task memory, the tasks recalled for
 * its system prompt. Saved to the run store when there is one (only where nothing is stored under
 * the run id yet), signed with the agent's key.
 */
export async function startReAct(
  settings: AgentSettings,
  prompt: Prompt,
  input: StartInput,
  taskMemory: CheckedTaskMemory | undefined,
): Promise<SuspendedRun> {
  const message = promptAsMessage(prompt, 'prompt');
  const { memory, signal } = input;
  const options = signal === undefined ? {} : { signal };
  let conversation: { id?: string; version?: number } | undefined;
  if (memory !== undefined) {
    const id = memory.conversationId;
    const version =
      typeof memory.readVersioned === 'function'
        ? (await memory.readVersioned({ ...options, limit: 1 })).version
        : undefined;
    conversation = {
      ...(id === undefined ? {} : { id }),
      ...(version === undefined ? {} : { version }),
    };
  }
  const question = taskMemory === undefined ? undefined : promptText(prompt);
  const recalled =
    taskMemory === undefined || question === undefined
      ? undefined
      : await recallTasks(taskMemory, question, signal);
  const state = sealRunState(
    { agent: settings.name, runId: input.runId, signingKey: settings.signingKey },
    [],
    {
      iteration: 0,
      prompt: message,
      state: input.state ?? {},
      ...(input.principal === undefined ? {} : { principal: input.principal }),
      ...(conversation === undefined ? { history: [] } : { conversation }),
      ...(question === undefined
        ? {}
        : { taskMemory: { question, ...(recalled === undefined ? {} : { recalled }) } }),
    },
    undefined,
  );
  await input.runStore?.save(state, { ...options, expectedRevision: 0 });
  return state;
}
