import {
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_NAME,
  type Attributes,
  GEN_AI_OPERATION,
  type Observer,
  parseToolErrorEnvelope,
  type Span,
  type Tool,
  type ToolCall,
  type ToolMetrics,
  type ToolProgress,
} from '@aigo/ai';

/** The JSON arguments of a tool call (GenAI semantic conventions; content, opt-in). */
const ATTR_GEN_AI_TOOL_CALL_ARGUMENTS = 'gen_ai.tool.call.arguments';
/** What a tool call returned (GenAI semantic conventions; content, opt-in). */
const ATTR_GEN_AI_TOOL_CALL_RESULT = 'gen_ai.tool.call.result';
/** The span event of a progress report (`ctx.progress`) of the running tool. */
export const TOOL_PROGRESS_EVENT = 'tool.progress';

/**
 * Starts the `execute_tool {name}` span of one call under `parent`, when there is an observer. An
 * observer that throws never breaks a run: the call then has no span.
 */
export function startToolSpan(
  observer: Observer | undefined,
  parent: Span | undefined,
  toolCall: ToolCall,
  tool: Tool | undefined,
): Span | undefined {
  if (observer === undefined) return undefined;
  const name = tool?.name ?? toolCall.function.name;
  try {
    return observer.startSpan(`${GEN_AI_OPERATION.executeTool} ${name}`, {
      kind: 'internal',
      ...(parent === undefined ? {} : { parent }),
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
    return undefined;
  }
}

/**
 * Records a progress report as a `tool.progress` event on the tool's span, with the `progress`,
 * `total` and `message` the tool gave (each only when it is set).
 */
export function addProgressEvent(span: Span | undefined, update: ToolProgress): void {
  if (span === undefined) return;
  const attributes: Record<string, number | string> = {};
  if (typeof update.progress === 'number') attributes.progress = update.progress;
  if (typeof update.total === 'number') attributes.total = update.total;
  if (typeof update.message === 'string') attributes.message = update.message;
  try {
    span.addEvent(TOOL_PROGRESS_EVENT, attributes as Attributes);
  } catch {
    // An observer that throws never breaks a run.
  }
}

/**
 * Ends a tool span after the call settled: a failed call (an error envelope) gets status `error`
 * with the envelope's message and `error.type` with its code; the result is recorded as
 * `gen_ai.tool.call.result` only when the observer captures content. A successful call of a tool
 * with `metrics` records what it cost as `aigo.cost.total` and `aigo.cost.currency` (what the
 * overview bills for it).
 */
export function endToolSpan(
  span: Span | undefined,
  observer: Observer | undefined,
  result: string,
  failed: boolean,
  metrics?: ToolMetrics,
): void {
  if (span === undefined) return;
  const envelope = failed ? parseToolErrorEnvelope(result) : undefined;
  try {
    if (capturesContent(observer)) span.setAttributes({ [ATTR_GEN_AI_TOOL_CALL_RESULT]: result });
    if (metrics !== undefined && !failed) {
      span.setAttributes({
        'aigo.cost.total': metrics.amount,
        'aigo.cost.currency': metrics.currency || 'USD',
      });
    }
    if (failed) span.setAttributes({ [ATTR_ERROR_TYPE]: envelope?.error.code ?? 'tool_error' });
  } catch {
    // An observer that throws never breaks a run.
  }
  endSpan(span, failed ? (envelope?.error.message ?? 'the tool call failed') : undefined);
}

/** Ends a span with status `ok`, or `error` with `failure` (recording `error` when given). */
export function endSpan(
  span: Span | undefined,
  failure: string | undefined,
  error?: unknown,
): void {
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
