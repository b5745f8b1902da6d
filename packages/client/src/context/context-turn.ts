import { isContextOverflow, type MemoryProvider } from '@aigo/ai';
import type { PreparedTurn } from '../client/build-request.js';
import type { ClientCalls } from '../client/call-path.js';
import { readTurnHistory, type TurnHistory } from '../client/memory-turn.js';
import type { ClientSettings } from '../client/resolve-client-options.js';
import {
  type ContextCall,
  type ContextHistory,
  ContextStage,
  type FittedRequest,
} from './context-stage.js';

/** After a context overflow, the request is fitted again into this share of what was sent. */
export const OVERFLOW_SHRINK = 0.7;

/** The context stage of a client: its summaries go through the client's call path. */
export function contextStage(settings: ClientSettings, calls: ClientCalls): ContextStage {
  return new ContextStage(
    settings.context,
    settings.provider,
    settings.observer,
    (request, signal) => calls.send(request, signal === undefined ? {} : { signal }, undefined),
  );
}

/** The stage for a call: the client's, when it applies to the call (a memory, or `context` set). */
export function stageFor(
  stage: ContextStage | undefined,
  memory: MemoryProvider | undefined,
): ContextStage | undefined {
  return stage?.appliesTo(memory) === true ? stage : undefined;
}

/** A turn's history: through the stage (bounded when the memory can) or read whole. */
export function readHistoryInContext(
  stage: ContextStage | undefined,
  memory: MemoryProvider,
  model: string,
  maxOutputTokens: number | undefined,
  signal: AbortSignal | undefined,
): Promise<TurnHistory | ContextHistory> {
  return stage === undefined
    ? readTurnHistory(memory, signal)
    : stage.readHistory(memory, model, maxOutputTokens, signal);
}

/** The history as the stage fits with it: a bounded read's, else none. */
export function boundedHistory(history: TurnHistory | ContextHistory): ContextHistory | undefined {
  return 'start' in history ? history : undefined;
}

/**
 * Whether a failed call is recovered by fitting its request again: the provider answered that the
 * context overflowed, and the call has a context policy (without a known window and without
 * `context`, nothing changes for the application).
 */
export function recoversFromOverflow(
  stage: ContextStage,
  fitted: FittedRequest,
  error: unknown,
): boolean {
  return isContextOverflow(error) && (stage.options.explicit || fitted.budget !== undefined);
}

/**
 * After a context overflow: the prepared request fitted once more, into {@link OVERFLOW_SHRINK} of
 * what was sent (`fitted`). The caller sends it again; a second overflow rejects.
 */
export async function refitAfterOverflow(
  stage: ContextStage,
  prepared: PreparedTurn,
  history: ContextHistory | undefined,
  call: ContextCall,
  fitted: FittedRequest,
): Promise<FittedRequest> {
  const sent =
    fitted.sentTokens ??
    (await stage.fit(prepared, history, call, Number.MAX_SAFE_INTEGER)).sentTokens ??
    1;
  const target = Math.max(1, Math.floor(Math.min(fitted.budget ?? sent, sent) * OVERFLOW_SHRINK));
  return stage.fit(prepared, history, call, target);
}
