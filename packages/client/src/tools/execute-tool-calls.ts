import {
  type A2ARequest,
  AbortError,
  type ContentPart,
  callTool,
  type JsonObject,
  type Message,
  type Observer,
  type ParentRun,
  type Principal,
  parseToolErrorEnvelope,
  type Span,
  type Steer,
  type SteerResult,
  type Tool,
  type ToolCall,
  type ToolMetrics,
  type ToolProgress,
  throwIfAborted,
  toolErrorEnvelope,
  ValidationError,
} from '@aigo/ai';
import type { ToolCatalog } from './tool-catalog.js';
import type { ToolCallInfo, ToolHooks } from './tool-hooks.js';
import { toolResultMessage } from './tool-message.js';
import { addProgressEvent, endSpan, endToolSpan, startToolSpan } from './tool-span.js';

/** How many tool calls run at once when the caller does not say. */
export const DEFAULT_TOOL_CONCURRENCY = 8;

/** Where tool executions are recorded: an `Overview` has this method. */
export interface ToolCallRecorder {
  recordToolCall(call: {
    name: string;
    durationMs: number;
    metrics?: ToolMetrics;
    failed?: boolean;
  }): void;
}

/** Everything `executeToolCalls` needs besides the calls. */
export interface ToolRunSettings<Context> {
  readonly catalog: ToolCatalog;
  readonly signal?: AbortSignal | undefined;
  readonly concurrency?: number | undefined;
  readonly context?: Context | undefined;
  readonly overview?: ToolCallRecorder | undefined;
  readonly span?: Span | undefined;
  readonly observer?: Observer | undefined;
  readonly hooks?: ToolHooks<Context> | undefined;
  /** The run the calls belong to (`ctx.runId`). */
  readonly runId?: string | undefined;
  /** Who the run acts for (`ctx.principal`). */
  readonly principal?: Principal | undefined;
  /** The run's state (`ctx.state`); default an empty object shared by the batch. */
  readonly state?: JsonObject | undefined;
  /** Steers the run (`ctx.steer`); default one that answers `finished`. */
  readonly steer?: Steer | undefined;
  /** The agent run the calls belong to (`ctx.parentRun`). */
  readonly parentRun?: ParentRun | undefined;
  /** The A2A request the run answers (`ctx.a2a`). */
  readonly a2a?: A2ARequest | undefined;
  readonly now?: () => number;
}

/** `ctx.steer` of calls made outside a run: there is no run to steer. */
const OUTSIDE_A_RUN: Steer = (): SteerResult => 'finished';

/** The run scope of a batch: its state and steer, defaulted once for every call of the batch. */
interface BatchScope {
  readonly state: JsonObject;
  readonly steer: Steer;
}

/**
 * Runs the model's tool calls, at most `concurrency` at once, and resolves to one tool message per
 * call, in the order of the calls. A failure never rejects: an unknown tool, invalid arguments, a
 * tool that throws or a blocked call becomes an error envelope the model can read. Only an aborted
 * signal rejects, with `AbortError`, at once (calls not started yet never start).
 */
export function executeToolCalls<Context>(
  toolCalls: readonly ToolCall[],
  settings: ToolRunSettings<Context>,
): Promise<Message[]> {
  checkToolCalls(toolCalls);
  const concurrency = settings.concurrency ?? DEFAULT_TOOL_CONCURRENCY;
  if (
    typeof concurrency !== 'number' ||
    !(concurrency >= 1) ||
    (!Number.isInteger(concurrency) && concurrency !== Number.POSITIVE_INFINITY)
  ) {
    return Promise.reject(
      new ValidationError('concurrency', `must be a positive integer, got ${String(concurrency)}`),
    );
  }
  const signal = settings.signal;
  if (signal?.aborted) return Promise.reject(AbortError.fromSignal(signal));
  const count = toolCalls.length;
  if (count === 0) return Promise.resolve([]);
  const scope: BatchScope = {
    state: settings.state ?? {},
    steer: settings.steer ?? OUTSIDE_A_RUN,
  };

  return new Promise<Message[]>((resolve, reject) => {
    const results = new Array<Message>(count);
    let started = 0;
    let running = 0;
    let finished = 0;
    let settled = false;
    const onAbort = () => fail(AbortError.fromSignal(signal as AbortSignal));
    signal?.addEventListener('abort', onAbort, { once: true });
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    };
    const launch = () => {
      while (!settled && running < concurrency && started < count) {
        const index = started++;
        running++;
        runOne(toolCalls[index] as ToolCall, settings, scope).then((message) => {
          results[index] = message;
          running--;
          finished++;
          if (finished === count) {
            if (settled) return;
            settled = true;
            signal?.removeEventListener('abort', onAbort);
            resolve(results);
          } else {
            launch();
          }
        }, fail);
      }
    };
    launch();
  });
}

/** What one call gave: the text the model reads, and the tool's content parts. */
interface Outcome {
  readonly output: string;
  readonly content?: readonly ContentPart[];
}

async function runOne<Context>(
  toolCall: ToolCall,
  settings: ToolRunSettings<Context>,
  scope: BatchScope,
): Promise<Message> {
  const { catalog, signal, context, hooks, runId } = settings;
  const now = settings.now ?? performance.now.bind(performance);
  const requestedName = toolCall.function.name;
  const tool = catalog.get(requestedName) as Tool<Context> | undefined;
  const span = startToolSpan(settings.observer, settings.span, toolCall, tool as Tool | undefined);
  const started = now();
  const info: ToolCallInfo<Context> = {
    toolCall,
    tool,
    context,
    signal,
    runId,
    principal: settings.principal,
    state: scope.state,
    steer: scope.steer,
  };

  let result: string | undefined;
  let content: readonly ContentPart[] | undefined;
  let skipped = false;
  try {
    if (hooks?.beforeToolCall !== undefined) {
      try {
        const early = await hooks.beforeToolCall(info);
        if (typeof early === 'string') {
          result = early;
          skipped = true;
        }
      } catch (error) {
        if (AbortError.isInstance(error)) throw error;
        result = toolErrorEnvelope('tool_blocked', errorMessage(error, 'the call was blocked'));
        skipped = true;
      }
    }
    if (result === undefined) {
      const outcome: Outcome =
        tool === undefined
          ? {
              output: toolErrorEnvelope(
                'tool_not_found',
                catalog.size === 0
                  ? `Unknown tool "${requestedName}": no tools are available`
                  : `Unknown tool "${requestedName}". Available tools: ${catalog.names.join(', ')}`,
              ),
            }
          : await runTool(tool, toolCall, settings, span, info);
      result = outcome.output;
      content = outcome.content;
    }
    let failed = parseToolErrorEnvelope(result) !== undefined;
    if (hooks?.afterToolCall !== undefined) {
      try {
        const replaced = await hooks.afterToolCall({
          ...info,
          result,
          content,
          failed,
          skipped,
          durationMs: now() - started,
        });
        if (typeof replaced === 'string') {
          result = replaced;
          content = undefined;
          failed = parseToolErrorEnvelope(result) !== undefined;
        }
      } catch (error) {
        if (AbortError.isInstance(error)) throw error;
        result = toolErrorEnvelope('tool_blocked', errorMessage(error, 'the result was blocked'));
        content = undefined;
        failed = true;
      }
    }
    const durationMs = now() - started;
    settings.overview?.recordToolCall({
      name: tool?.name ?? requestedName,
      durationMs,
      ...(tool?.metrics === undefined || skipped ? {} : { metrics: tool.metrics }),
      failed,
    });
    endToolSpan(
      span,
      settings.observer,
      result,
      failed,
      tool?.metrics === undefined || skipped ? undefined : tool.metrics,
    );
    return toolResultMessage(toolCall.id, requestedName, result, content);
  } catch (error) {
    endSpan(span, errorMessage(error, 'aborted'), error);
    throw error;
  }
}

/**
 * Runs one tool through `callTool` (its parts too, when it has `callWithResult`), with the call's
 * id, signal, span, context, run id and a progress listener. A failure becomes an envelope; only an
 * abort rejects.
 */
async function runTool<Context>(
  tool: Tool<Context>,
  toolCall: ToolCall,
  settings: ToolRunSettings<Context>,
  span: Span | undefined,
  info: ToolCallInfo<Context>,
): Promise<Outcome> {
  const parent = span ?? settings.span;
  const progress = progressListener(settings.hooks, span, { ...info, tool });
  try {
    const result = await callTool(tool, toolCall.function.arguments, {
      toolCallId: toolCall.id,
      ...(settings.signal === undefined ? {} : { signal: settings.signal }),
      ...(parent === undefined ? {} : { span: parent }),
      ...(settings.context === undefined ? {} : { context: settings.context }),
      ...(settings.runId === undefined ? {} : { runId: settings.runId }),
      ...(settings.a2a === undefined ? {} : { a2a: settings.a2a }),
      ...(settings.principal === undefined ? {} : { principal: settings.principal }),
      ...(progress === undefined ? {} : { onProgress: progress.report }),
      state: info.state,
      steer: info.steer,
      ...(settings.parentRun === undefined ? {} : { parentRun: settings.parentRun }),
    });
    const output: unknown = result?.output;
    if (typeof output !== 'string') {
      return {
        output: toolErrorEnvelope(
          'invalid_output',
          `${tool.name} returned a ${typeof output} instead of a JSON string`,
        ),
      };
    }
    const content = result.content;
    return Array.isArray(content) && content.length > 0 ? { output, content } : { output };
  } catch (error) {
    throwIfAborted(settings.signal);
    if (AbortError.isInstance(error)) throw error;
    return {
      output: toolErrorEnvelope(
        'tool_execution_failed',
        errorMessage(error, `${tool.name} failed`),
      ),
    };
  } finally {
    progress?.close();
  }
}

/**
 * Where a running tool's progress reports go: an event on its span and the `onToolProgress` hook.
 * `undefined` when nobody listens (the tool's `ctx.progress` is then a no-op). Reports after the
 * call ended are dropped; a hook that throws (or rejects) is ignored.
 */
function progressListener<Context>(
  hooks: ToolHooks<Context> | undefined,
  span: Span | undefined,
  info: ToolCallInfo<Context> & { readonly tool: Tool<Context> },
): { report(update: ToolProgress): void; close(): void } | undefined {
  if (span === undefined && hooks?.onToolProgress === undefined) return undefined;
  let open = true;
  return {
    report(update: ToolProgress): void {
      if (!open || update === null || typeof update !== 'object') return;
      addProgressEvent(span, update);
      if (hooks?.onToolProgress === undefined) return;
      try {
        const returned: unknown = hooks.onToolProgress({ ...info, progress: update });
        if (returned instanceof Promise) returned.catch(ignore);
      } catch {
        // The hook's failure is its own: the tool goes on.
      }
    },
    close(): void {
      open = false;
    },
  };
}

function ignore(): void {}

function checkToolCalls(toolCalls: readonly ToolCall[]): void {
  if (!Array.isArray(toolCalls)) throw new ValidationError('toolCalls', 'must be an array');
  toolCalls.forEach((call, index) => {
    if (
      call === null ||
      typeof call !== 'object' ||
      typeof call.id !== 'string' ||
      call.function === null ||
      typeof call.function !== 'object' ||
      typeof call.function.name !== 'string' ||
      typeof call.function.arguments !== 'string'
    ) {
      throw new ValidationError(
        `toolCalls[${index}]`,
        'must be a tool call { id, type, function: { name, arguments } }',
      );
    }
  });
}

function errorMessage(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message === '' ? fallback : message;
}
