import { AigoError, copyRunState, type MemoryProvider } from '@aigo/ai';
import type { ReActOverview } from '../react-result.js';
import { prepareResume, type ResumePlan } from '../suspend/prepare-resume.js';
import type { AgentSettings, RunInput, RunStart } from './agent-settings.js';
import { finishRun } from './finish-run.js';
import { type OpenRun, openRun } from './open-run.js';

/**
 * Runs the ReAct loop to its end (`execute`, `executeStream`, `resume`, `resumeStream`): step after
 * step (react-loop.ts) until a reply without tool calls parses (and passes `validateFinalAnswer`).
 * Resolves only with a final answer; every other end rejects (`AgentStoppedError`, or `ParseError`
 * after the JSON-only retry), after emitting an `error` (or `interaction_requested`) event on a
 * streamed run.
 */
export async function runReAct<T>(
  settings: AgentSettings,
  input: RunInput,
  localMemory: () => MemoryProvider,
): Promise<ReActOverview<T>> {
  let plan: ResumePlan | undefined;
  try {
    input.steering?.attach(input.runId);
    if (input.resume !== undefined) {
      try {
        plan = await prepareResume(settings, input, input.resume);
      } catch (error) {
        input.steering?.release(false);
        throw error;
      }
    }
  } catch (error) {
    // Bad input, a conflict or a lost claim: nothing ran; the error is the run's answer as it is.
    const failure = AigoError.isInstance(error) ? error : run0Failure(error);
    const wait = input.sink?.emit({ type: 'error', iteration: 0, error: failure });
    if (wait !== undefined) await wait;
    throw failure;
  }
  const start: RunStart =
    plan === undefined
      ? {
          iteration: 0,
          prompt: input.prompt,
          next: undefined,
          steering: undefined,
          state: input.state ?? {},
        }
      : {
          iteration: plan.state.iteration,
          prompt: undefined,
          next: undefined,
          steering: plan.state.steering,
          // A copy: the run writes to its state, never to the suspended value it was given.
          state: copyRunState(plan.state.state ?? {}),
        };
  // A resumed run acts for the principal it was started for (its resumer may be an approver).
  const runInput = plan === undefined ? input : { ...input, principal: plan.state.principal };
  let run: OpenRun;
  try {
    run = await openRun(settings, runInput, start, { plan, revision: plan?.revision }, localMemory);
  } catch (error) {
    input.steering?.release(false);
    throw error;
  }
  try {
    const result = await run.loop.loop();
    run.loop.release(true);
    run.agentSpan?.finish(run.overview, 'final_answer', run.loop.iteration, undefined);
    if (plan !== undefined && input.runStore !== undefined) {
      await input.runStore.delete(plan.run.runId).catch(() => undefined);
    }
    return result as ReActOverview<T>;
  } catch (error) {
    throw await finishRun(run, input, error);
  } finally {
    run.overview.end();
  }
}

function run0Failure(error: unknown): AigoError {
  const detail = error instanceof Error ? error.message : String(error);
  return new AigoError('invalid_suspended_run', `The run could not be resumed: ${detail}`, {
    cause: error,
  });
}
