import { type ChatRequest, isContextOverflow, type MemoryProvider } from '@aigo/ai';
import type { PreparedTurn } from '../client/build-request.js';
import type { ClientCalls } from '../client/client-calls.js';
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

/** What `callInContext` sent and got. */
export interface ContextOutcome<R> {
  /** The request as sent (the last one, after a recovery). */
  readonly request: ChatRequest;
  readonly result: R;
  /** The fitted request, when a stage fitted it. */
  readonly fitted: FittedRequest | undefined;
}

/**
 * Fits the prepared request into its budget and sends it with `send`. When the provider answers that
 * the context overflowed and the call has a context policy, the request is fitted once more — into
 * {@link OVERFLOW_SHRINK} of what was sent — and sent again; a second overflow rejects.
 */
export async function callInContext<R>(
  stage: ContextStage | undefined,
  prepared: PreparedTurn,
  history: TurnHistory | ContextHistory,
  call: ContextCall,
  send: (request: ChatRequest) => Promise<R>,
): Promise<ContextOutcome<R>> {
  if (stage === undefined) {
    return { request: prepared.request, result: await send(prepared.request), fitted: undefined };
  }
  const bounded = 'start' in history ? history : undefined;
  const fitted = await stage.fit(prepared, bounded, call);
  try {
    return { request: fitted.request, result: await send(fitted.request), fitted };
  } catch (error) {
    if (!isContextOverflow(error)) throw error;
    // Without a known window and without `context`, nothing changes for the application.
    if (!stage.options.explicit && fitted.budget === undefined) throw error;
    const sent =
      fitted.sentTokens ??
      (await stage.fit(prepared, bounded, call, Number.MAX_SAFE_INTEGER)).sentTokens ??
      1;
    const target = Math.max(1, Math.floor(Math.min(fitted.budget ?? sent, sent) * OVERFLOW_SHRINK));
    const again = await stage.fit(prepared, bounded, call, target);
    return { request: again.request, result: await send(again.request), fitted: again };
  }
}
