import {
  AgentStoppedError,
  type ChatResponse,
  copyRunState,
  type JsonObject,
  type MemoryProvider,
  type Message,
  messageText,
  ValidationError,
} from '@aigo/ai';
import { checkPrincipalMayContinue } from '../guardrails/check-principal.js';
import type { AgentSettings, RunInput, RunStart } from '../loop/agent-settings.js';
import { finishRun } from '../loop/finish-run.js';
import type { StepEnd } from '../loop/loop-types.js';
import { type OpenRun, openRun } from '../loop/open-run.js';
import { joinPrompt } from '../react-instructions.js';
import type { ReActOverview } from '../react-result.js';
import { checkAndClaim, prepareResume, type ResumePlan } from '../suspend/prepare-resume.js';
import { readRunState } from '../suspend/read-suspended-run.js';
import { type RunStateOwner, sealRunState } from '../suspend/seal-run-state.js';
import type { RunStateBody } from '../suspend/suspended-state.js';
import { type CheckedTaskMemory, saveTask } from '../task-memory/react-task-memory.js';
import { answerJson, endedError, endedResult, stoppedPart } from './ended-run.js';
import type { ReActStepResult } from './step-types.js';

/** A step's inputs, checked (a `RunInput` of the run the state belongs to). */
export interface StepInput extends RunInput {
  /** The decisions, for a suspended state. */
  readonly responses: unknown;
}

/** A conversation version no memory has: the conversation moved on after the step stored its turn. */
const MOVED_ON = -1;

/**
 * One step of a run driven step by step — the same `ReActLoop.step()` that `execute` loops over:
 * reads the state (format, version, agent, signature), answers an ended or waiting one without
 * running anything, checks the memory and claims the state (run store) like a resume, runs one
 * iteration (a suspended state's decided tools, or one model call and its reply's tools), then
 * saves what the run needs to go on — in the state it resolves to, and in the run store.
 *
 * @throws SuspendedRunError, ValidationError, ConversationConflictError or RunConflictError when
 *   the state cannot be stepped; nothing has run then.
 */
export async function stepReAct<T>(
  settings: AgentSettings,
  value: unknown,
  input: StepInput,
  localMemory: () => MemoryProvider,
  taskMemory: CheckedTaskMemory | undefined,
): Promise<ReActStepResult<T>> {
  const { client } = settings;
  const { run, state } = readRunState(value, settings.name, settings.signingKey, client.tools);
  if (state.outcome === 'final') {
    return { outcome: 'final', state: run, result: endedResult<T>(client, state) };
  }
  if (state.outcome === 'stopped') {
    return { outcome: 'stopped', state: run, error: endedError(client, state) };
  }
  let plan: ResumePlan | undefined;
  let revision: number | undefined;
  const approvers = settings.guards?.approverRoles;
  checkPrincipalMayContinue(state.principal, input.principal, approvers, run.runId);
  if (run.requests.length > 0) {
    if (input.responses === undefined) return { outcome: 'suspended', state: run, suspended: run };
    plan = await prepareResume(settings, input, { suspended: run, responses: input.responses });
    revision = plan.revision;
  } else {
    if (input.responses !== undefined) {
      throw new ValidationError('responses', 'the run waits for no decision: step it without any');
    }
    revision = await checkAndClaim(input, run, state);
  }
  input.steering?.attach(run.runId);
  const start: RunStart = {
    iteration: state.iteration,
    prompt: state.prompt,
    next: state.next,
    steering: state.steering,
    // A copy: the run writes to its state, never to the value it was given.
    state: copyRunState(state.state ?? {}),
  };
  const recalled = state.taskMemory?.recalled;
  const runSettings =
    recalled === undefined
      ? settings
      : { ...settings, systemPrompt: joinPrompt(settings.systemPrompt, recalled) };
  let open: OpenRun;
  try {
    // The step acts for the principal the run was started for (its caller may be an approver).
    const runInput = { ...input, principal: state.principal };
    open = await openRun(
      runSettings,
      runInput,
      start,
      { plan, saved: state, revision },
      localMemory,
    );
  } catch (error) {
    input.steering?.release(false);
    throw error;
  }
  const owner: RunStateOwner = {
    agent: settings.name,
    runId: run.runId,
    signingKey: settings.signingKey,
  };
  const loop = open.loop;
  try {
    let end: StepEnd;
    try {
      end = await loop.step();
    } catch (error) {
      return await stopStep(open, input, state, owner, error);
    }
    if (end === 'final') return await finalStep(open, input, state, owner, taskMemory);
    // An answer the output guardrails held and the step went past (rejected, or a steering message
    // waits) is stored now: the next step reads the conversation from the memory.
    await open.deferring?.settle('all');
    return await goOn(open, input, state, owner, revision);
  } finally {
    open.overview.end();
  }
}

/**
 * Ends a step with the run's final answer: a state that ended (stepping it again runs nothing), the
 * stored state deleted, the task saved to task memory.
 */
async function finalStep<T>(
  open: OpenRun,
  input: StepInput,
  state: RunStateBody,
  owner: RunStateOwner,
  taskMemory: CheckedTaskMemory | undefined,
): Promise<ReActStepResult<T>> {
  const loop = open.loop;
  const result = loop.result as ReActOverview<T>;
  let final: ReturnType<typeof sealRunState>;
  try {
    final = sealRunState(
      owner,
      [],
      {
        ...(await kept(open, state, false)),
        outcome: 'final',
        final: { data: answerJson(result.data), content: result.lastResponse?.content ?? '' },
        state: copyRunState(result.state),
      },
      open.overview,
    );
  } catch (error) {
    // `ctx.state` is not JSON: the answer cannot be kept with it.
    return stopStep(open, input, state, owner, error);
  }
  loop.release(true);
  open.agentSpan?.finish(open.overview, 'final_answer', loop.iteration, undefined);
  await input.runStore?.delete(owner.runId).catch(() => undefined);
  const question = state.taskMemory?.question;
  if (taskMemory !== undefined && question !== undefined) {
    await saveTask(taskMemory, question, result, input.signal);
  }
  return { outcome: 'final', state: final, result };
}

/**
 * A step that failed or suspended: `suspended` with the suspended run (saved by the loop), else a
 * state that stopped — its claim stays in the run store (its tools may have run), so it is never
 * stepped again.
 */
async function stopStep<T>(
  open: OpenRun,
  input: StepInput,
  state: RunStateBody,
  owner: RunStateOwner,
  error: unknown,
): Promise<ReActStepResult<T>> {
  const failure = await finishRun(open, input, error);
  if (AgentStoppedError.isInstance(failure) && failure.suspended !== undefined) {
    return { outcome: 'suspended', state: failure.suspended, suspended: failure.suspended };
  }
  let runState: JsonObject | undefined;
  try {
    runState = copyRunState(open.loop.state);
  } catch {
    // Not JSON (the reason it stopped, maybe): the stopped state keeps none.
  }
  const stopped = sealRunState(
    owner,
    [],
    {
      ...(await kept(open, state, false)),
      outcome: 'stopped',
      stopped: stoppedPart(failure),
      ...(runState === undefined ? {} : { state: runState }),
    },
    open.overview,
  );
  return { outcome: 'stopped', state: stopped, error: failure };
}

/** Saves a step that goes on: the loop's snapshot, in the state returned and the run store. */
async function goOn<T>(
  open: OpenRun,
  input: StepInput,
  state: RunStateBody,
  owner: RunStateOwner,
  revision: number | undefined,
): Promise<ReActStepResult<T>> {
  const loop = open.loop;
  loop.release(false);
  let next: ReturnType<typeof sealRunState>;
  try {
    const snapshot = loop.snapshot();
    next = sealRunState(
      owner,
      [],
      {
        ...(await kept(open, state, true)),
        iteration: snapshot.iteration,
        ...(snapshot.prompt === undefined ? {} : { prompt: snapshot.prompt as Message }),
        ...(snapshot.next === undefined ? {} : { next: snapshot.next }),
        ...(snapshot.steering.length === 0 ? {} : { steering: snapshot.steering }),
        state: snapshot.state,
      },
      open.overview,
    );
    await input.runStore?.save(next, {
      ...(revision === undefined ? {} : { expectedRevision: revision }),
      ...(input.signal === undefined ? {} : { signal: input.signal }),
    });
  } catch (error) {
    // The state cannot be kept (`ctx.state` is not JSON, the store failed): the run stops here.
    return stopStep(open, input, state, owner, error);
  }
  open.agentSpan?.finish(open.overview, 'continue', loop.iteration, undefined);
  return { outcome: 'continue', state: next };
}

/**
 * What every state after a step keeps of the run: the iteration, its conversation — the messages
 * of a run without a memory, else the conversation's id (and, for a run that goes on, its version
 * after the step's write) — and its task memory.
 */
async function kept(
  open: OpenRun,
  state: RunStateBody,
  goesOn: boolean,
): Promise<Omit<RunStateBody, 'calls' | 'tools' | 'usage' | 'cost'>> {
  const base = {
    iteration: open.loop.iteration,
    ...(state.taskMemory === undefined ? {} : { taskMemory: state.taskMemory }),
    ...(state.principal === undefined ? {} : { principal: state.principal }),
  };
  if (open.ownMemory) return { ...base, history: await open.baseMemory.allMessages() };
  const id = open.baseMemory.conversationId;
  // A state that ended is never stepped on its conversation again: its version is not needed.
  const version = goesOn ? await versionAfter(open, state.conversation?.version) : undefined;
  return {
    ...base,
    conversation: {
      ...(id === undefined ? {} : { id }),
      ...(version === undefined ? {} : { version }),
    },
  };
}

/**
 * The conversation's version after the step: the one it was saved at when the step stored nothing,
 * else the version read now — when the last message stored is the step's reply; when it is not,
 * another writer came in after the step's write, and the next step must fail (`MOVED_ON`).
 */
async function versionAfter(
  open: OpenRun,
  before: number | undefined,
): Promise<number | undefined> {
  const memory = open.baseMemory;
  if (open.deferring?.written !== true) return before;
  if (typeof memory.readVersioned !== 'function') return undefined;
  const { messages, version } = await memory.readVersioned({ limit: 1 });
  const reply = open.overview.lastResponse;
  const last = messages.at(-1);
  return last !== undefined && reply !== undefined && isReply(last, reply) ? version : MOVED_ON;
}

function isReply(message: Message, response: ChatResponse): boolean {
  if (message.role !== 'assistant' || messageText(message) !== response.content) return false;
  const stored = (message.toolCalls ?? []).map((call) => call.id).join('\n');
  return stored === response.toolCalls.map((call) => call.id).join('\n');
}
