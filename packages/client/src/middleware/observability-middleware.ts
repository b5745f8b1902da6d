import {
  AigoError,
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_CONVERSATION_ID,
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MAX_TOKENS,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_REQUEST_SEED,
  ATTR_GEN_AI_REQUEST_STOP_SEQUENCES,
  ATTR_GEN_AI_REQUEST_TEMPERATURE,
  ATTR_GEN_AI_REQUEST_TOP_P,
  ATTR_GEN_AI_RESPONSE_FINISH_REASONS,
  ATTR_GEN_AI_RESPONSE_ID,
  ATTR_GEN_AI_RESPONSE_MODEL,
  ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
  ATTR_GEN_AI_TOKEN_TYPE,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  type AttributeValue,
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  type ComputeCost,
  GEN_AI_OPERATION,
  GEN_AI_TOKEN_TYPE,
  type Histogram,
  METRIC_GEN_AI_CLIENT_OPERATION_DURATION,
  METRIC_GEN_AI_CLIENT_TOKEN_USAGE,
  type ModelCosts,
  noopObserver,
  noopSpan,
  type Observer,
  type Span,
  type ToolCall,
  ValidationError,
} from '@aigo/ai';
import { validateComputeCost, validateModelCosts } from '../cost/validate-cost.js';
import { billedUsage } from '../overview/billed-usage.js';
import { CallPricer, type PriceProvider } from '../overview/call-pricer.js';
import { ATTR_AIGO_FALLBACK, type RouteAttempt, routeAttemptOf } from '../routing/route-attempt.js';
import type { Middleware } from './middleware.js';
import { ATTR_AIGO_COST, addCostAttributes } from './span-cost-attributes.js';
import { watchingMiddleware } from './watching-middleware.js';

/** Options of {@link observabilityMiddleware}. */
export interface ObservabilityOptions {
  /** `gen_ai.provider.name` on spans and metrics (the client passes its provider's id). */
  readonly providerName?: string;
  /**
   * Prices the spans' calls (`aigo.cost.*` attributes) the way the client's overviews do: the
   * application's prices first. The client passes its `modelCost`.
   */
  readonly modelCost?: ModelCosts;
  /** The provider whose list prices price the rest (`provider.modelCost`); the client passes its own. */
  readonly priceProvider?: PriceProvider;
  /** What a second of run time costs: recorded as `aigo.price.compute_per_second` on every span. */
  readonly computeCost?: ComputeCost;
}

/** The span event marking a stream's first event. */
const FIRST_CHUNK_EVENT = 'gen_ai.first_chunk';
/** Seconds from the start of the call to the stream's first event. */
const ATTR_TIME_TO_FIRST_CHUNK = 'gen_ai.response.time_to_first_chunk';

type MutableAttributes = Record<string, AttributeValue>;

/**
 * Traces and measures every model call through an `Observer`, following the OpenTelemetry GenAI
 * semantic conventions:
 *
 * - a `chat {model}` span of kind `client`, nested under `CallOptions.span` and handed down as the
 *   new `options.span` (so a provider's own spans nest under it), with `gen_ai.operation.name`,
 *   `gen_ai.provider.name`, `gen_ai.request.model`, `gen_ai.conversation.id` (from
 *   `CallOptions.conversationId`: the client sets it when the memory has a `conversationId`), the
 *   sampling settings that were set, and at the
 *   end `gen_ai.response.id`, `gen_ai.response.model`, `gen_ai.response.finish_reasons` and the
 *   input/output token counts; a failure is recorded with `error.type` (the `AigoError` code, else
 *   the error's name) and status `error`;
 * - for streams the span ends when the stream finishes or fails, and the first event is marked by a
 *   `gen_ai.first_chunk` span event and the `gen_ai.response.time_to_first_chunk` attribute (seconds);
 * - the histograms `gen_ai.client.operation.duration` (seconds) and `gen_ai.client.token.usage`
 *   (by `gen_ai.token.type`);
 * - with prices (`modelCost`, `priceProvider`), the call's cost by kind, its currency, rates and price
 *   source as `aigo.cost.*` / `aigo.price.*` attributes, and cached, cache-write and reasoning token
 *   counts as `aigo.usage.*` — computed by the overview's pricing, so they add up to the run's
 *   `costSummary()` (see `ATTR_AIGO_COST`).
 *
 * Every observer call is guarded: an observer that throws loses its record, never the model call.
 * The client puts this middleware outermost when it is given an observer, and adds nothing at all
 * when it is not.
 *
 * @throws ValidationError when `observer` is not an `Observer`.
 */
export function observabilityMiddleware(
  observer: Observer,
  options: ObservabilityOptions = {},
): Middleware {
  checkObserver(observer);
  // Prompts and answers go on the span only when the observer asks for content.
  const captureContent = observer.captureContent === true;
  const providerName = options.providerName;
  if (providerName !== undefined && typeof providerName !== 'string') {
    throw new ValidationError('options.providerName', 'must be a string');
  }
  if (options.modelCost !== undefined) validateModelCosts(options.modelCost, 'options.modelCost');
  if (options.computeCost !== undefined) {
    validateComputeCost(options.computeCost, 'options.computeCost');
  }
  const priceProvider = options.priceProvider;
  if (
    priceProvider !== undefined &&
    (priceProvider === null ||
      typeof priceProvider !== 'object' ||
      (priceProvider.modelCost !== undefined && typeof priceProvider.modelCost !== 'function'))
  ) {
    throw new ValidationError('options.priceProvider', 'must be a Provider');
  }
  // Without prices (a bare observability middleware), spans stay as they were: no cost attributes.
  const pricer =
    options.modelCost === undefined && priceProvider === undefined
      ? undefined
      : new CallPricer(options.modelCost, priceProvider);
  const computeRate = options.computeCost?.costPerSecond;
  const durationHistogram = histogram(observer, METRIC_GEN_AI_CLIENT_OPERATION_DURATION, {
    description: 'Duration of GenAI client operations',
    unit: 's',
  });
  const tokenHistogram = histogram(observer, METRIC_GEN_AI_CLIENT_TOKEN_USAGE, {
    description: 'Tokens used by GenAI client operations',
    unit: '{token}',
  });

  const begin = (request: ChatRequest, options: CallOptions): Span => {
    const attributes: MutableAttributes = {
      [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION.chat,
      [ATTR_GEN_AI_REQUEST_MODEL]: request.model,
    };
    if (providerName !== undefined) attributes[ATTR_GEN_AI_PROVIDER_NAME] = providerName;
    if (options.conversationId !== undefined) {
      attributes[ATTR_GEN_AI_CONVERSATION_ID] = options.conversationId;
    }
    if (request.temperature !== undefined) {
      attributes[ATTR_GEN_AI_REQUEST_TEMPERATURE] = request.temperature;
    }
    if (request.maxOutputTokens !== undefined) {
      attributes[ATTR_GEN_AI_REQUEST_MAX_TOKENS] = request.maxOutputTokens;
    }
    if (request.topP !== undefined) attributes[ATTR_GEN_AI_REQUEST_TOP_P] = request.topP;
    if (request.seed !== undefined) attributes[ATTR_GEN_AI_REQUEST_SEED] = request.seed;
    if (request.stop !== undefined) attributes[ATTR_GEN_AI_REQUEST_STOP_SEQUENCES] = request.stop;
    if (computeRate !== undefined) attributes[ATTR_AIGO_COST.computeRate] = computeRate;
    const route = routeAttemptOf(options);
    if (route !== undefined) {
      attributes[ATTR_AIGO_FALLBACK.attempt] = route.attempt;
      attributes[ATTR_AIGO_FALLBACK.entry] = route.label;
    }
    if (captureContent) {
      attributes[ATTR_GEN_AI_INPUT_MESSAGES] = inputMessagesJson(request);
      if (request.systemPrompt !== undefined) {
        attributes[ATTR_GEN_AI_SYSTEM_INSTRUCTIONS] = request.systemPrompt;
      }
    }
    try {
      const span = observer.startSpan(`chat ${request.model}`, {
        kind: 'client',
        attributes,
        ...(options.span === undefined ? {} : { parent: options.span }),
      });
      return span ?? noopSpan;
    } catch {
      return noopSpan;
    }
  };

  const metricAttributes = (request: ChatRequest, responseModel?: string): MutableAttributes => {
    const attributes: MutableAttributes = {
      [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION.chat,
      [ATTR_GEN_AI_REQUEST_MODEL]: request.model,
    };
    if (providerName !== undefined) attributes[ATTR_GEN_AI_PROVIDER_NAME] = providerName;
    if (responseModel !== undefined) attributes[ATTR_GEN_AI_RESPONSE_MODEL] = responseModel;
    return attributes;
  };

  const succeed = (
    span: Span,
    request: ChatRequest,
    response: ChatResponse,
    startedAt: number,
    timeToFirstChunk: number | undefined,
    route: RouteAttempt | undefined,
  ): void => {
    const seconds = (performance.now() - startedAt) / 1000;
    const attributes: MutableAttributes = {
      [ATTR_GEN_AI_RESPONSE_MODEL]: response.model,
      [ATTR_GEN_AI_RESPONSE_FINISH_REASONS]: [response.finishReason],
    };
    if (response.id !== '') attributes[ATTR_GEN_AI_RESPONSE_ID] = response.id;
    const usage = response.usage;
    if (usage !== undefined) {
      attributes[ATTR_GEN_AI_USAGE_INPUT_TOKENS] = usage.promptTokens;
      attributes[ATTR_GEN_AI_USAGE_OUTPUT_TOKENS] = usage.completionTokens;
    }
    if (timeToFirstChunk !== undefined) attributes[ATTR_TIME_TO_FIRST_CHUNK] = timeToFirstChunk;
    if (pricer !== undefined) {
      try {
        addCostAttributes(attributes, pricer, request, response, route?.key);
      } catch {
        // Guarded: pricing a span never breaks a call.
      }
    }
    if (captureContent) attributes[ATTR_GEN_AI_OUTPUT_MESSAGES] = outputMessagesJson(response);
    setAttributes(span, attributes);
    setStatus(span, 'ok');
    endSpan(span);
    record(durationHistogram, seconds, metricAttributes(request, response.model));
    if (usage !== undefined) {
      // Built, not spread: `{ ...measured, [key]: value }` costs about 0.5 µs on Node 20.
      const input = metricAttributes(request, response.model);
      input[ATTR_GEN_AI_TOKEN_TYPE] = GEN_AI_TOKEN_TYPE.input;
      record(tokenHistogram, usage.promptTokens, input);
      const output = metricAttributes(request, response.model);
      output[ATTR_GEN_AI_TOKEN_TYPE] = GEN_AI_TOKEN_TYPE.output;
      record(tokenHistogram, usage.completionTokens, output);
    }
  };

  const failed = (
    span: Span,
    request: ChatRequest,
    error: unknown,
    startedAt: number,
    route: RouteAttempt | undefined,
  ): void => {
    const seconds = (performance.now() - startedAt) / 1000;
    const type = errorType(error);
    try {
      span.recordError(error);
    } catch {
      // Guarded: the observer's failure must not replace the call's error.
    }
    const attributes: MutableAttributes = { [ATTR_ERROR_TYPE]: type };
    const usage = pricer === undefined ? undefined : billedUsage(error);
    if (usage !== undefined && pricer !== undefined) {
      // The provider billed the tokens of this failed call: priced like an answer, and marked.
      try {
        const partial = (error as { partial?: { model?: unknown } }).partial;
        const model = typeof partial?.model === 'string' ? partial.model : '';
        attributes[ATTR_GEN_AI_USAGE_INPUT_TOKENS] = usage.promptTokens;
        attributes[ATTR_GEN_AI_USAGE_OUTPUT_TOKENS] = usage.completionTokens;
        addCostAttributes(attributes, pricer, request, { model, usage }, route?.key);
        if (attributes[ATTR_AIGO_COST.priced] === true)
          attributes[ATTR_AIGO_COST.billedFailure] = true;
      } catch {
        // Guarded: pricing a span never breaks a call.
      }
    }
    setAttributes(span, attributes);
    setStatus(span, 'error', error instanceof Error ? error.message : String(error));
    endSpan(span);
    const measured = metricAttributes(request);
    measured[ATTR_ERROR_TYPE] = type;
    record(durationHistogram, seconds, measured);
  };

  return watchingMiddleware('observability', (operation, request, options) => {
    const span = begin(request, options);
    const startedAt = performance.now();
    const route = routeAttemptOf(options);
    const fail = (error: unknown) => failed(span, request, error, startedAt, route);
    if (operation === 'send') {
      return {
        options: { ...options, span },
        succeed: (response) => succeed(span, request, response, startedAt, undefined, route),
        fail,
      };
    }
    let timeToFirstChunk: number | undefined;
    return {
      options: { ...options, span },
      onEvent: () => {
        if (timeToFirstChunk !== undefined) return;
        timeToFirstChunk = (performance.now() - startedAt) / 1000;
        try {
          span.addEvent(FIRST_CHUNK_EVENT);
        } catch {
          // Guarded.
        }
      },
      succeed: (response) => succeed(span, request, response, startedAt, timeToFirstChunk, route),
      fail,
    };
  });
}

/** @throws ValidationError naming `observer` unless it looks like an `Observer`. */
export function checkObserver(observer: Observer): void {
  if (
    observer === null ||
    typeof observer !== 'object' ||
    typeof observer.startSpan !== 'function' ||
    typeof observer.counter !== 'function' ||
    typeof observer.histogram !== 'function'
  ) {
    throw new ValidationError(
      'observer',
      'must be an Observer (startSpan, counter, histogram, logs)',
    );
  }
}

/** `error.type`: the aigo error code, else the error's class name. */
function errorType(error: unknown): string {
  if (AigoError.isInstance(error)) return error.code;
  if (error instanceof Error) return error.name;
  return '_OTHER';
}

function histogram(
  observer: Observer,
  name: string,
  options: { description: string; unit: string },
): Histogram {
  try {
    return observer.histogram(name, options) ?? noopObserver.histogram(name);
  } catch {
    return noopObserver.histogram(name);
  }
}

function record(instrument: Histogram, value: number, attributes: MutableAttributes): void {
  try {
    instrument.record(value, attributes);
  } catch {
    // Guarded: metrics never break a call.
  }
}

function setAttributes(span: Span, attributes: MutableAttributes): void {
  try {
    span.setAttributes(attributes);
  } catch {
    // Guarded.
  }
}

function setStatus(span: Span, status: 'ok' | 'error', message?: string): void {
  try {
    if (message === undefined) span.setStatus(status);
    else span.setStatus(status, message);
  } catch {
    // Guarded.
  }
}

function endSpan(span: Span): void {
  try {
    span.end();
  } catch {
    // Guarded.
  }
}

/**
 * `gen_ai.input.messages`: the conversation as JSON, text only (media parts are named, not copied:
 * base64 images do not belong in a trace).
 */
function inputMessagesJson(request: ChatRequest): string {
  return JSON.stringify(
    request.messages.map((message) => ({
      role: message.role,
      content:
        typeof message.content === 'string'
          ? message.content
          : message.content.map((part) =>
              part.type === 'text' ? part.text : `[${part.type} ${part.mimeType ?? ''}]`.trimEnd(),
            ),
      ...(message.toolCalls === undefined ? {} : { toolCalls: message.toolCalls.map(callJson) }),
      ...(message.toolCallId === undefined ? {} : { toolCallId: message.toolCallId }),
    })),
  );
}

/** `gen_ai.output.messages`: the answer and its tool calls as JSON. */
function outputMessagesJson(response: ChatResponse): string {
  return JSON.stringify([
    {
      role: 'assistant',
      content: response.content,
      ...(response.toolCalls.length === 0 ? {} : { toolCalls: response.toolCalls.map(callJson) }),
      finishReason: response.finishReason,
    },
  ]);
}

function callJson(call: ToolCall): { id: string; name: string; arguments: string } {
  return { id: call.id, name: call.function.name, arguments: call.function.arguments };
}
