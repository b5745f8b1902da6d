import {
  AigoError,
  ATTR_ERROR_TYPE,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_PROVIDER_NAME,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_RESPONSE_MODEL,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  type AttributeValue,
  type CallOptions,
  GEN_AI_OPERATION,
  type MediaCost,
  type Observer,
  type Provider,
  type Span,
  type Usage,
  ValidationError,
} from '@aigo/ai';
import type { Client } from '../client/client.js';
import { checkObserver } from '../middleware/observability-middleware.js';
import { ATTR_AIGO_COST } from '../middleware/span-cost-attributes.js';
import type { Overview } from '../overview/overview.js';

/** Which media call a span is for: `aigo.media.operation`. */
export const ATTR_AIGO_MEDIA_OPERATION = 'aigo.media.operation';

/** The per-call options every media function takes besides its request. */
export interface MediaCallOptions {
  /** Aborting it cancels the HTTP request at once. */
  readonly signal?: AbortSignal;
  /** Extra HTTP headers for this call only. */
  readonly headers?: { readonly [name: string]: string };
  /** A deadline for the whole call, in milliseconds. */
  readonly timeoutMs?: number;
  /** The parent span: the call's span nests under it. */
  readonly span?: Span;
  /** Traces the call (default: the client's observer, when a client is given). */
  readonly observer?: Observer;
  /** Records the call's usage and cost (`Overview.recordMediaCall`). */
  readonly overview?: Overview;
}

/** What a media result carries for spans and the overview. */
interface MediaOutcome {
  readonly model: string;
  readonly usage: Usage | undefined;
  readonly cost?: MediaCost;
}

const WHAT = {
  generateImage: 'generate images',
  generateSpeech: 'generate speech',
  transcribe: 'transcribe audio',
} as const;

/** A provider, or a client whose provider and observer are used. */
export type MediaTarget = Provider | Client;

function isClient(target: MediaTarget): target is Client {
  return typeof (target as Partial<Client>).createOverview === 'function' && 'provider' in target;
}

/**
 * Runs one media call of `target`'s provider: splits the call options off `options` (the rest is the
 * request, which the provider checks), checks the provider has the capability, and wraps the call in
 * a `generate_content {model}` span (`gen_ai.operation.name`, `aigo.media.operation`, usage and
 * cost) and the overview's record.
 *
 * @throws ValidationError for a bad target or option, and `AigoError` coded `unsupported` for a
 *   provider without the capability.
 */
export async function runMediaCall<Result extends MediaOutcome>(
  target: MediaTarget,
  options: object,
  operation: 'image' | 'speech' | 'transcription',
  method: 'generateImage' | 'generateSpeech' | 'transcribe',
  invoke: (provider: Provider, request: never, call: CallOptions) => Promise<Result>,
): Promise<Result> {
  if (target === null || typeof target !== 'object') {
    throw new ValidationError('provider', 'must be a Provider or a Client');
  }
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const client = isClient(target) ? target : undefined;
  const provider = client?.provider ?? (target as Provider);
  if (typeof provider[method] !== 'function') {
    throw new AigoError(
      'unsupported',
      `The provider "${String(provider.id)}" cannot ${WHAT[method]}: it has no ${method}()`,
    );
  }
  const {
    signal,
    headers,
    timeoutMs,
    span: parent,
    observer: own,
    overview,
    ...request
  } = options as MediaCallOptions & Record<string, unknown>;
  const observer = own ?? client?.observer;
  if (observer !== undefined) checkObserver(observer);
  const call: { -readonly [K in keyof CallOptions]: CallOptions[K] } = {};
  if (signal !== undefined) call.signal = signal;
  if (headers !== undefined) call.headers = headers;
  if (timeoutMs !== undefined) call.timeoutMs = timeoutMs;
  const model = typeof request.model === 'string' ? request.model : '';
  const span = observer?.startSpan(`${GEN_AI_OPERATION.generateContent} ${model}`, {
    kind: 'client',
    ...(parent === undefined ? {} : { parent }),
    attributes: {
      [ATTR_GEN_AI_OPERATION_NAME]: GEN_AI_OPERATION.generateContent,
      [ATTR_GEN_AI_PROVIDER_NAME]: provider.id,
      [ATTR_GEN_AI_REQUEST_MODEL]: model,
      [ATTR_AIGO_MEDIA_OPERATION]: operation,
    },
  });
  if (span !== undefined) call.span = span;
  else if (parent !== undefined) call.span = parent;
  try {
    const result = await invoke(provider, request as never, call);
    overview?.recordMediaCall({ model, usage: result.usage });
    span?.setAttributes(outcomeAttributes(result));
    span?.setStatus('ok');
    return result;
  } catch (error) {
    span?.recordError(error);
    span?.setAttributes({
      [ATTR_ERROR_TYPE]: AigoError.isInstance(error)
        ? error.code
        : ((error as Error)?.name ?? 'Error'),
    });
    span?.setStatus('error', error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    span?.end();
  }
}

function outcomeAttributes(result: MediaOutcome): Record<string, AttributeValue> {
  const attributes: Record<string, AttributeValue> = {
    [ATTR_GEN_AI_RESPONSE_MODEL]: result.model,
  };
  if (result.usage !== undefined) {
    attributes[ATTR_GEN_AI_USAGE_INPUT_TOKENS] = result.usage.promptTokens;
    attributes[ATTR_GEN_AI_USAGE_OUTPUT_TOKENS] = result.usage.completionTokens;
  }
  attributes[ATTR_AIGO_COST.priced] = result.cost !== undefined;
  if (result.cost !== undefined) {
    attributes[ATTR_AIGO_COST.total] = result.cost.amount;
    attributes[ATTR_AIGO_COST.currency] = result.cost.currency;
  }
  return attributes;
}
