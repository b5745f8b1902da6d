import {
  AbortError,
  AigoError,
  type ChatRequest,
  type ChatResponse,
  messageText,
  ProviderError,
  ValidationError,
} from '@aigo/ai';
import type { Middleware } from './middleware.js';
import { truncateText } from './truncate-text.js';
import { watchingMiddleware } from './watching-middleware.js';

/** A value the logging middleware puts in a log record. */
export type LogFieldValue = string | number | boolean | readonly string[];

/** The structured fields of one log record. */
export type LogFields = { readonly [key: string]: LogFieldValue | undefined };

/**
 * The little the logging middleware needs from a logger. `console` fits, and so does any
 * `Observer` from `@aigo/ai`. `warn` falls back to `info`.
 */
export interface MiddlewareLogger {
  debug?(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn?(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/**
 * How much the logging middleware says:
 * - `minimal`: the model, duration, token counts and errors;
 * - `standard` (default): also message and tool counts, finish reason, response id, tool-call names;
 * - `verbose`: also the system prompt, the latest message and the answer, each cut to
 *   `maxContentLength` characters. It logs prompt text: not for production.
 */
export type LoggingLevel = 'minimal' | 'standard' | 'verbose';

/** Options of {@link loggingMiddleware}. */
export interface LoggingOptions {
  /** At `verbose`, texts longer than this are cut (an ellipsis and the count left out are added). Default 500. */
  readonly maxContentLength?: number;
}

const LEVELS: readonly LoggingLevel[] = ['minimal', 'standard', 'verbose'];
const DEFAULT_MAX_CONTENT_LENGTH = 500;

/**
 * Logs every model call: `llm send` / `llm stream` when it starts (info), `… completed` with the
 * duration and token counts (info), `… failed` (error) or `… aborted` (warn) when it ends otherwise.
 * Streams are logged when they end, from a hook — every event still reaches the consumer.
 *
 * It never logs call options, headers or `providerOptions`, so API keys and authorization
 * headers cannot leak through it. A logger that throws is ignored: logging never breaks a call.
 *
 * @throws ValidationError for a logger without `info` and `error`, or an unknown level.
 */
export function loggingMiddleware(
  logger: MiddlewareLogger,
  level: LoggingLevel = 'standard',
  options: LoggingOptions = {},
): Middleware {
  if (
    logger === null ||
    typeof logger !== 'object' ||
    typeof logger.info !== 'function' ||
    typeof logger.error !== 'function'
  ) {
    throw new ValidationError('logger', 'must have info() and error() methods');
  }
  if (!LEVELS.includes(level)) {
    throw new ValidationError('level', `must be one of ${LEVELS.join(', ')}`);
  }
  const maxContentLength = options.maxContentLength ?? DEFAULT_MAX_CONTENT_LENGTH;
  if (!Number.isInteger(maxContentLength) || maxContentLength < 1) {
    throw new ValidationError('options.maxContentLength', 'must be a positive integer');
  }
  const standard = level !== 'minimal';
  const verbose = level === 'verbose';

  const log = (kind: 'info' | 'warn' | 'error', message: string, fields: LogFields): void => {
    try {
      if (kind === 'warn') {
        if (typeof logger.warn === 'function') logger.warn(message, fields);
        else logger.info(message, fields);
      } else {
        logger[kind](message, fields);
      }
    } catch {
      // A broken logger must not break the model call.
    }
  };

  const started = (operation: string, request: ChatRequest): void => {
    const fields: Record<string, LogFieldValue> = { model: request.model };
    if (standard) {
      fields.messageCount = request.messages.length;
      if (request.tools !== undefined) fields.toolCount = request.tools.length;
    }
    if (verbose) {
      if (request.systemPrompt !== undefined) {
        fields.systemPrompt = truncateText(request.systemPrompt, maxContentLength);
      }
      const latest = request.messages.at(-1);
      if (latest !== undefined) {
        fields.lastMessageRole = latest.role;
        fields.lastMessageContent = truncateText(messageText(latest), maxContentLength);
      }
    }
    log('info', `llm ${operation}`, fields);
  };

  const completed = (operation: string, response: ChatResponse, startedAt: number): void => {
    const fields: Record<string, LogFieldValue> = {
      model: response.model,
      durationMs: elapsed(startedAt),
    };
    const usage = response.usage;
    if (usage !== undefined) {
      fields.promptTokens = usage.promptTokens;
      fields.completionTokens = usage.completionTokens;
      fields.totalTokens = usage.totalTokens;
      if (usage.cachedTokens !== undefined) fields.cachedTokens = usage.cachedTokens;
      if (usage.reasoningTokens !== undefined) fields.reasoningTokens = usage.reasoningTokens;
    }
    if (standard) {
      fields.finishReason = response.finishReason;
      if (response.id !== '') fields.responseId = response.id;
      if (response.toolCalls.length > 0) {
        fields.toolCalls = response.toolCalls.map((call) => call.function.name);
      }
    }
    if (verbose) {
      fields.responseContent = truncateText(response.content, maxContentLength);
      if (response.reasoning !== undefined) {
        fields.responseReasoning = truncateText(response.reasoning, maxContentLength);
      }
    }
    log('info', `llm ${operation} completed`, fields);
  };

  const failed = (
    operation: string,
    request: ChatRequest,
    error: unknown,
    startedAt: number,
  ): void => {
    const fields: Record<string, LogFieldValue> = {
      model: request.model,
      durationMs: elapsed(startedAt),
      ...errorFields(error),
    };
    if (AbortError.isInstance(error)) log('warn', `llm ${operation} aborted`, fields);
    else log('error', `llm ${operation} failed`, fields);
  };

  return watchingMiddleware('logging', (operation, request) => {
    started(operation, request);
    const startedAt = performance.now();
    return {
      succeed: (response) => completed(operation, response, startedAt),
      fail: (error) => failed(operation, request, error, startedAt),
    };
  });
}

function elapsed(startedAt: number): number {
  return Math.round((performance.now() - startedAt) * 1000) / 1000;
}

/** What is safe to log about an error: its class, code, status and message — never a body. */
function errorFields(error: unknown): Record<string, LogFieldValue> {
  if (AigoError.isInstance(error)) {
    const fields: Record<string, LogFieldValue> = {
      error: error.message,
      errorName: error.name,
      errorCode: error.code,
    };
    if (ProviderError.isInstance(error) && error.status !== undefined) {
      fields.status = error.status;
    }
    return fields;
  }
  if (error instanceof Error) return { error: error.message, errorName: error.name };
  return { error: String(error) };
}
