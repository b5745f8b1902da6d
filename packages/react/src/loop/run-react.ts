import { AgentStoppedError, AigoError, type MemoryProvider } from '@aigo/ai';
import { toolsAsk } from '../approval/pending-approvals.js';
import type { ReActOverview } from '../react-result.js';
import { DeferringMemory } from '../suspend/deferring-memory.js';
import { prepareResume, type ResumePlan } from '../suspend/prepare-resume.js';
import { replayPriorWork } from '../suspend/prior-work.js';
import type { AgentSettings, RunInput } from './agent-settings.js';
import { startAgentSpan } from './agent-span.js';
import { ReActLoop } from './react-loop.js';

/**
 * Runs the ReAct loop: model call → tool calls run (in parallel, results in call order) → next
 * model call, until a reply without tool calls parses (and passes `validateFinalAnswer`). Resolves
 * only with a final answer; every other end rejects (`AgentStoppedError`, or `ParseError` after
 * the JSON-only retry), after emitting an `error` event on a streamed run.
 */
export async function runReAct<T>(
  settings: AgentSettings,
  input: RunInput,
  localMemory: () => MemoryProvider,
): Promise<ReActOverview<T>> {
  const { client } = settings;
  let plan: ResumePlan | undefined;
  if (input.resume !== undefined) {
    try {
      plan = await prepareResume(settings, input, input.resume);
    } catch (error) {
      // Bad input, a conflict or a lost claim: nothing ran; the error is the run's answer as it is.
      const failure = AigoError.isInstance(error) ? error : run0Failure(error);
      const wait = input.sink?.emit({ type: 'error', iteration: 0, error: failure });
      if (wait !== undefined) await wait;
      throw failure;
    }
  }
  const overview = client.createOverview();
  if (plan !== undefined) replayPriorWork(overview, plan.state.calls, plan.state.tools);
  const ownMemory = input.memory === undefined;
  const baseMemory = input.memory ?? localMemory();
  if (plan?.state.history !== undefined) await baseMemory.appendMessages(plan.state.history);
  const asks =
    plan !== undefined ||
    (settings.approval !== undefined && settings.approval !== 'none') ||
    (settings.approval === undefined && toolsAsk(client.tools));
  let run: ReActLoop | undefined;
  const deferring = asks
    ? new DeferringMemory(
        baseMemory,
        (messages) => (run as ReActLoop).holdBack(messages),
        plan?.state.conversation?.version,
      )
    : undefined;
  const memory = deferring?.view ?? baseMemory;
  const agentSpan = startAgentSpan(client.observer, settings, input.parentSpan);
  const span = agentSpan?.span ?? input.parentSpan;
  run = new ReActLoop(
    settings,
    input,
    { overview, memory, ownMemory, span },
    { baseMemory, deferring, plan },
  );
  try {
    const result = await run.loop();
    agentSpan?.finish(overview, 'final_answer', run.iteration, undefined);
    if (plan !== undefined && input.runStore !== undefined) {
      await input.runStore.delete(plan.run.runId).catch(() => undefined);
    }
    return result as ReActOverview<T>;
  } catch (error) {
    const failure = run.failure(error);
    const sink = input.sink;
    if (AgentStoppedError.isInstance(failure) && failure.suspended !== undefined) {
      agentSpan?.suspend(overview, run.iteration, failure.suspended);
      const wait = sink?.emit({
        type: 'interaction_requested',
        iteration: run.iteration,
        requests: failure.suspended.requests,
        suspended: failure.suspended,
      });
      if (wait !== undefined) await wait;
      throw failure;
    }
    agentSpan?.finish(
      overview,
      AgentStoppedError.isInstance(failure) ? failure.stopReason : 'error',
      run.iteration,
      failure,
    );
    if (sink !== undefined) {
      const wait = sink.emit({ type: 'error', iteration: run.iteration, error: failure });
      if (wait !== undefined) await wait;
    }
    throw failure;
  } finally {
    overview.end();
  }
}

function run0Failure(error: unknown): AigoError {
  const detail = error instanceof Error ? error.message : String(error);
  return new AigoError('invalid_suspended_run', `The run could not be resumed: ${detail}`, {
    cause: error,
  });
}
