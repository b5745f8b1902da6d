import {
  AbortError,
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_NAME,
  GEN_AI_OPERATION,
  type Message,
  type Observer,
  parseToolErrorEnvelope,
  type Span,
  type Tool,
  type ToolCall,
  type ToolMetrics,
  toolErrorEnvelope,
  toolMessage,
  ValidationError,
} from '@aigo/ai';
import type { ToolCatalog } from './tool-catalog.js';
import type { ToolCallInfo, ToolHooks } from './tool-hooks.js';

/** The JSON arguments of a tool call (GenAI semantic conventions; content, opt-in). */
const ATTR_GEN_AI_TOOL_CALL_ARGUMENTS = 'gen_ai.tool.call.arguments';
/** What a tool call returned (GenAI semantic conventions; content, opt-in). */
const ATTR_GEN_AI_TOOL_CALL_RESULT = 'gen_ai.tool.call.result';

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
  readonly now?: () => number;
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
        runOne(toolCalls[index] as ToolCall, settings).then((message) => {
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

async function runOne<Context>(
  toolCall: ToolCall,
  settings: ToolRunSettings<Context>,
): Promise<Message> {
  const { catalog, signal, context, hooks } = settings;
  const now = settings.now ?? performance.now.bind(performance);
  const requestedName = toolCall.function.name;
  const tool = catalog.get(requestedName) as Tool<Context> | undefined;
  const span = startToolSpan(settings, toolCall, tool);
  const started = now();
  const info: ToolCallInfo<Context> = { toolCall, tool, context, signal };

  let result: string | undefined;
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
      result =
        tool === undefined
          ? toolErrorEnvelope(
              'tool_not_found',
              catalog.size === 0
                ? `Unknown tool "${requestedName}": no tools are available`
                : `Unknown tool "${requestedName}". Available tools: ${catalog.names.join(', ')}`,
            )
          : await callTool(tool, toolCall, settings, span);
    }
    let failed = parseToolErrorEnvelope(result) !== undefined;
    if (hooks?.afterToolCall !== undefined) {
      try {
        const replaced = await hooks.afterToolCall({
          ...info,
          result,
          failed,
          skipped,
          durationMs: now() - started,
        });
        if (typeof replaced === 'string') {
          result = replaced;
          failed = parseToolErrorEnvelope(result) !== undefined;
        }
      } catch (error) {
        if (AbortError.isInstance(error)) throw error;
        result = toolErrorEnvelope('tool_blocked', errorMessage(error, 'the result was blocked'));
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
    endToolSpan(span, settings.observer, result, failed);
    return toolMessage(toolCall.id, result, requestedName);
  } catch (error) {
    endSpan(span, errorMessage(error, 'aborted'), error);
    throw error;
  }
}

async function callTool<Context>(
  tool: Tool<Context>,
  toolCall: ToolCall,
  settings: ToolRunSettings<Context>,
  span: Span | undefined,
): Promise<string> {
  const parent = span ?? settings.span;
  try {
    const output: unknown = await tool.call(toolCall.function.arguments, {
      toolCallId: toolCall.id,
      ...(settings.signal === undefined ? {} : { signal: settings.signal }),
      ...(parent === undefined ? {} : { span: parent }),
      ...(settings.context === undefined ? {} : { context: settings.context }),
    });
    if (typeof output === 'string') return output;
    return toolErrorEnvelope(
      'invalid_output',
      `${tool.name} returned a ${typeof output} instead of a JSON string`,
    );
  } catch (error) {
    if (settings.signal?.aborted) throw AbortError.fromSignal(settings.signal);
    if (AbortError.isInstance(error)) throw error;
    return toolErrorEnvelope('tool_execution_failed', errorMessage(error, `${tool.name} failed`));
  }
}

function startToolSpan<Context>(
  settings: ToolRunSettings<Context>,
  toolCall: ToolCall,
  tool: Tool<Context> | undefined,
): Span | undefined {
  const observer = settings.observer;
  if (observer === undefined) return undefined;
  const name = tool?.name ?? toolCall.function.name;
  try {
    return observer.startSpan(`${GEN_AI_OPERATION.executeTool} ${name}`, {
      kind: 'internal',
      ...(settings.span === undefined ? {} : { parent: settings.span }),
      attributes: {
        [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION.executeTool,
        [ATTR_GEN_AI_TOOL_NAME]: name,
        [ATTR_GEN_AI_TOOL_CALL_ID]: toolCall.id,
        ...(capturesContent(observer)
          ? { [ATTR_GEN_AI_TOOL_CALL_ARGUMENTS]: toolCall.function.arguments }
          : {}),
      },
    });
  } catch {
    // An observer that throws never breaks a run.
    return undefined;
  }
}

/**
 * Ends a tool span after the call settled: a failed call (an error envelope) gets status `error`
 * with the envelope's message and `error.type` with its code; the result is recorded as
 * `gen_ai.tool.call.result` only when the observer captures content.
 */
function endToolSpan(
  span: Span | undefined,
  observer: Observer | undefined,
  result: string,
  failed: boolean,
): void {
  if (span === undefined) return;
  const envelope = failed ? parseToolErrorEnvelope(result) : undefined;
  try {
    if (capturesContent(observer)) span.setAttributes({ [ATTR_GEN_AI_TOOL_CALL_RESULT]: result });
    if (failed) span.setAttributes({ [ATTR_ERROR_TYPE]: envelope?.error.code ?? 'tool_error' });
  } catch {
    // An observer that throws never breaks a run.
  }
  endSpan(span, failed ? (envelope?.error.message ?? 'the tool call failed') : undefined);
}

function endSpan(span: Span | undefined, failure: string | undefined, error?: unknown): void {
  if (span === undefined) return;
  try {
    if (error !== undefined) span.recordError(error);
    if (failure === undefined) span.setStatus('ok');
    else span.setStatus('error', failure);
    span.end();
  } catch {
    // An observer that throws never breaks a run.
  }
}

/**
 * True when the observer asks for message content (`captureContent: true`, as the OpenTelemetry
 * observer of `@aigo/otel` does when told to): tool arguments and results are then recorded on the
 * tool spans. Content is personal data, so it is left out by default.
 */
function capturesContent(observer: Observer | undefined): boolean {
  return observer?.captureContent === true;
}

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
