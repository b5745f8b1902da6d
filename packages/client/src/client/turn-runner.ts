import {
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  type ChatStream,
  ConversationConflictError,
  type MemoryProvider,
  type Message,
  type ReleaseTurn,
  type Span,
  ValidationError,
} from '@aigo/ai';
import type {
  ContextCall,
  ContextHistory,
  ContextStage,
  FittedRequest,
} from '../context/context-stage.js';
import {
  boundedHistory,
  contextStage,
  readHistoryInContext,
  recoversFromOverflow,
  refitAfterOverflow,
  stageFor,
} from '../context/context-turn.js';
import type { Overview } from '../overview/overview.js';
import { buildRequest, type PreparedTurn } from './build-request.js';
import type { ClientCalls } from './call-path.js';
import { clientCalls } from './client-calls.js';
import type { ContinueOptions } from './client-options.js';
import { checkStreamConflictPolicy, conflictRetriesOf } from './conflict-policy.js';
import { acquireMemoryTurn, NO_HISTORY, type TurnHistory } from './memory-turn.js';
import { persistWhenFinished } from './persist-when-finished.js';
import type { ClientSettings } from './resolve-client-options.js';
import { storeTurn } from './store-turn.js';
import type { TurnLocks } from './turn-locks.js';
import { type CheckedCallOptions, validateCallOptions } from './validate-call-options.js';

/** Runs conversation turns for one client's settings. */
export interface TurnRunner {
  /**
   * One non-streaming turn: `turn` is the prompt message (`undefined` continues the conversation,
   * with `options.messages`). `accept` turns the complete response into the result, or throws to
   * fail the call — in which case nothing is stored (a structured client parses here).
   */
  send<T>(
    turn: Message[] | undefined,
    options: ContinueOptions | undefined,
    accept: (response: ChatResponse) => Promise<T>,
  ): Promise<T>;
  /**
   * One streaming turn, stored when the stream finishes. `beforeStore` runs on the finished response
   * first: when it rejects, nothing is stored and `collect()` rejects with its error (a structured
   * stream parses here).
   */
  stream(
    turn: Message[] | undefined,
    options: ContinueOptions | undefined,
    beforeStore?: (response: ChatResponse) => Promise<void>,
  ): Promise<ChatStream>;
}

/** A turn whose call is checked: what each of its attempts reads, builds, sends, records and stores. */
interface OpenTurn extends ContextCall {
  readonly call: CheckedCallOptions;
  readonly memory: MemoryProvider | undefined;
  readonly signal: AbortSignal | undefined;
  readonly span: Span | undefined;
  /** The context stage, when it applies to the call. */
  readonly stage: ContextStage | undefined;
  /** The turn's own messages: the prompt, or the messages given to continue with. */
  readonly messages: readonly Message[];
  /** Lets the next turn on the memory go: set once the turn holds the memory. */
  release: ReleaseTurn | undefined;
}

/** One attempt of a turn: what it sent and got, and what recording and storing it need. */
interface TurnAttempt<R> {
  readonly prepared: PreparedTurn;
  /** The version of the history the request was built on (versioned memories). */
  readonly version: number | undefined;
  /** The request as sent (the last one, after an overflow). */
  readonly request: ChatRequest;
  readonly result: R;
  /** The fitted request, when the stage fitted it. */
  readonly fitted: FittedRequest | undefined;
}

/** A model call through the client's call path (`ClientCalls.send` or `.stream`). */
type ModelCall<R> = (
  request: ChatRequest,
  options: CallOptions,
  overview: Overview | undefined,
) => Promise<R>;

/**
 * The turn logic shared by `Client` and the structured client: serialise on the conversation (the
 * memory's turn lock, else the client's), read the history (with its version, when the memory has
 * one), build the request, call through the middleware, record into the overview, store the turn
 * against that version — and, for a non-streaming call allowed to, re-run a turn that conflicts.
 */
export function turnRunner(
  settings: ClientSettings,
  locks: TurnLocks,
  calls: ClientCalls = clientCalls(settings),
): TurnRunner {
  const toolName = (name: string) => settings.tools.current().catalog.get(name)?.name;
  const context = contextStage(settings, calls);
  const model = (call: CheckedCallOptions) => call.options.model ?? settings.defaultModel;
  const maxOutput = (call: CheckedCallOptions) =>
    call.generation.maxOutputTokens ?? settings.generation.maxOutputTokens;

  /** Opens a turn: checks the call's options, finds its memory and its context stage. */
  const openTurn = (
    turn: Message[] | undefined,
    options: ContinueOptions | undefined,
    streaming: boolean,
  ): OpenTurn => {
    const call = validateCallOptions(options, toolName, turn === undefined);
    if (streaming) checkStreamConflictPolicy(call.options.onConflict);
    const memory = callMemory(settings, call, turn === undefined);
    return {
      call,
      memory,
      signal: call.options.signal,
      span: call.options.span,
      stage: stageFor(context, memory),
      messages: turn ?? call.messages,
      release: undefined,
    };
  };

  /**
   * One attempt of a turn: takes the conversation's turn (at the first attempt), reads the history,
   * builds the request, fits it into its budget and calls the model — after a context overflow,
   * fitted again and called once more. The one place a turn goes through the context stage. (One
   * async step from lock to call: an `openTurn` awaited on its own would add a hop to every call.)
   */
  const attempt = async <R>(open: OpenTurn, callModel: ModelCall<R>): Promise<TurnAttempt<R>> => {
    const { call, memory, signal, stage } = open;
    let history: TurnHistory | ContextHistory = NO_HISTORY;
    if (memory !== undefined) {
      open.release ??= await acquireMemoryTurn(memory, locks, signal);
      history = await readHistoryInContext(stage, memory, model(call), maxOutput(call), signal);
    }
    const prepared = buildRequest(settings, history.messages, open.messages, call);
    const version = history.version;
    if (stage === undefined) {
      const request = prepared.request;
      const result = await callModel(request, callOptions(call, memory), call.options.overview);
      return { prepared, version, request, result, fitted: undefined };
    }
    const bounded = boundedHistory(history);
    const fitted = await stage.fit(prepared, bounded, open);
    try {
      const result = await callModel(
        fitted.request,
        callOptions(call, memory),
        call.options.overview,
      );
      return { prepared, version, request: fitted.request, result, fitted };
    } catch (error) {
      if (!recoversFromOverflow(stage, fitted, error)) throw error;
      const again = await refitAfterOverflow(stage, prepared, bounded, open, fitted);
      const result = await callModel(
        again.request,
        callOptions(call, memory),
        call.options.overview,
      );
      return { prepared, version, request: again.request, result, fitted: again };
    }
  };

  /** Records an attempt's answer: the stage learns from its usage, the overview gets the exchange. */
  const record = (open: OpenTurn, sent: TurnAttempt<unknown>, response: ChatResponse): void => {
    if (sent.fitted !== undefined) open.stage?.learn(open.memory, sent.fitted, response);
    recordExchange(open.call, sent.request, response);
  };

  /** Stores an attempt's turn, against the version its history was read at. */
  const store = (
    memory: MemoryProvider,
    open: OpenTurn,
    sent: TurnAttempt<unknown>,
    response: ChatResponse,
  ): Promise<void> =>
    storeTurn(memory, settings, sent.prepared, response, sent.version, open.stage);

  const send = async <T>(
    turn: Message[] | undefined,
    options: ContinueOptions | undefined,
    accept: (response: ChatResponse) => Promise<T>,
  ): Promise<T> => {
    const open = openTurn(turn, options, false);
    const memory = open.memory;
    const retries = conflictRetriesOf(
      settings.onConflict,
      settings.maxConflictRetries,
      open.call.options.onConflict,
    );
    try {
      // A turn that conflicts (another process stored a turn first) is re-run on the new history
      // when the call allows it; the model calls of every attempt are recorded.
      for (let tries = 0; ; tries++) {
        const sent = await attempt(open, calls.send);
        const response = sent.result;
        record(open, sent, response);
        const result = await accept(response);
        if (memory === undefined) return result;
        try {
          await store(memory, open, sent, response);
          return result;
        } catch (error) {
          if (tries >= retries || !ConversationConflictError.isInstance(error)) throw error;
        }
      }
    } finally {
      open.release?.();
    }
  };

  const stream = async (
    turn: Message[] | undefined,
    options: ContinueOptions | undefined,
    beforeStore?: (response: ChatResponse) => Promise<void>,
  ) => {
    const open = openTurn(turn, options, true);
    const memory = open.memory;
    let sent: TurnAttempt<ChatStream>;
    try {
      sent = await attempt(open, calls.stream);
    } catch (error) {
      open.release?.();
      throw error;
    }
    return persistWhenFinished(sent.result, {
      onFinish: (response) => {
        record(open, sent, response);
        if (beforeStore !== undefined) {
          return beforeStore(response).then(() =>
            memory === undefined ? undefined : store(memory, open, sent, response),
          );
        }
        return memory === undefined ? undefined : store(memory, open, sent, response);
      },
      release: open.release ?? noop,
      observer: settings.observer,
    });
  };

  return { send, stream };
}

/** The memory of a call: the call's own (`null`: none), else the client's. */
function callMemory(
  settings: ClientSettings,
  call: CheckedCallOptions,
  continuing: boolean,
): MemoryProvider | undefined {
  const own = call.options.memory;
  const memory = own === null ? undefined : (own ?? settings.memory);
  if (continuing && memory === undefined) {
    throw new ValidationError(
      'memory',
      'continuing a conversation needs a memory: pass memory to createClient() or to this call',
    );
  }
  return memory;
}

function callOptions(call: CheckedCallOptions, memory: MemoryProvider | undefined): CallOptions {
  const { signal, headers, span, timeoutMs } = call.options;
  const conversationId = memory?.conversationId;
  return {
    ...(signal === undefined ? {} : { signal }),
    ...(headers === undefined ? {} : { headers }),
    ...(span === undefined ? {} : { span }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(typeof conversationId === 'string' ? { conversationId } : {}),
  };
}

function recordExchange(
  call: CheckedCallOptions,
  request: ChatRequest,
  response: ChatResponse,
): void {
  const overview = call.options.overview;
  if (overview === undefined) return;
  overview.recordRequest(request);
  overview.recordResponse(response, request);
}

const noop = (): void => {};
