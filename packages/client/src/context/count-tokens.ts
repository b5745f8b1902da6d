import {
  type ChatRequest,
  type Provider,
  type TokenCount,
  type Usage,
  ValidationError,
  validateMessage,
} from '@aigo/ai';
import { estimatedParts, estimateFixedTokens, estimateMessageTokens } from './estimate-tokens.js';

/** Options of `countTokens`. */
export interface CountRequestTokensOptions {
  /**
   * The provider to ask: when it can count (`countTokens`: a tokenizer of the model's family, or
   * its counting endpoint when the application allowed it a request), its count is the answer.
   */
  readonly provider?: Provider;
  /**
   * The previous turn of the same conversation — its request and the usage the provider reported
   * for it: the estimate is scaled by how far off it was there (used when no provider counted).
   */
  readonly calibrateWith?: { readonly request: ChatRequest; readonly usage: Usage };
  readonly signal?: AbortSignal;
}

function estimate(request: ChatRequest): { messages: number[]; fixed: number; tokens: number } {
  const messages = request.messages.map(estimateMessageTokens);
  const fixed = estimateFixedTokens(request);
  let tokens = fixed;
  for (const count of messages) tokens += count;
  return { messages, fixed, tokens };
}

function checkRequest(request: unknown, name: string): asserts request is ChatRequest {
  const candidate = request as Partial<ChatRequest> | null;
  if (candidate === null || typeof candidate !== 'object') {
    throw new ValidationError(name, 'must be a chat request { model, messages }');
  }
  if (typeof candidate.model !== 'string') {
    throw new ValidationError(`${name}.model`, 'must be a string');
  }
  if (!Array.isArray(candidate.messages)) {
    throw new ValidationError(`${name}.messages`, 'must be an array of messages');
  }
  candidate.messages.forEach((message, index) => {
    validateMessage(message, `${name}.messages[${index}]`);
  });
}

/**
 * Counts the input tokens of `request`: the provider's count when `options.provider` can count
 * (`@aigo/openai` counts OpenAI model families exactly with `gpt-tokenizer`), else an estimate —
 * about four characters a token, media and tool schemas by fixed sizes — calibrated by the usage of
 * the conversation's previous turn when `calibrateWith` gives it. The result says how it was counted
 * and which parts were estimated.
 *
 * @example
 * const count = await countTokens({ model: 'gpt-4o-mini', messages: [userMessage('Hi!')] }, { provider });
 * console.log(count.tokens, count.method, count.estimated);
 *
 * @throws ValidationError naming `request` (or the bad message) or `options`.
 */
export async function countTokens(
  request: ChatRequest,
  options: CountRequestTokensOptions = {},
): Promise<TokenCount> {
  checkRequest(request, 'request');
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be an object');
  }
  const { provider, calibrateWith, signal } = options;
  if (provider !== undefined && (provider === null || typeof provider !== 'object')) {
    throw new ValidationError('options.provider', 'must be a provider');
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new ValidationError('options.signal', 'must be an AbortSignal');
  }
  if (calibrateWith !== undefined) {
    if (calibrateWith === null || typeof calibrateWith !== 'object') {
      throw new ValidationError('options.calibrateWith', 'must be { request, usage }');
    }
    checkRequest(calibrateWith.request, 'options.calibrateWith.request');
    const prompt = calibrateWith.usage?.promptTokens;
    if (typeof prompt !== 'number' || !Number.isFinite(prompt) || prompt < 0) {
      throw new ValidationError(
        'options.calibrateWith.usage',
        'must be the usage the provider reported (with promptTokens)',
      );
    }
  }
  signal?.throwIfAborted();
  if (typeof provider?.countTokens === 'function') {
    return provider.countTokens(request, signal === undefined ? undefined : { signal });
  }
  const counted = estimate(request);
  let ratio = 1;
  if (calibrateWith !== undefined) {
    const before = estimate(calibrateWith.request).tokens;
    if (before > 0 && calibrateWith.usage.promptTokens > 0) {
      ratio = Math.min(4, Math.max(0.25, calibrateWith.usage.promptTokens / before));
    }
  }
  const scale = (count: number) => Math.round(count * ratio);
  const messages = counted.messages.map(scale);
  const fixed = scale(counted.fixed);
  let tokens = fixed;
  for (const count of messages) tokens += count;
  return {
    tokens,
    exact: false,
    method: 'estimate',
    estimated: ['messages', 'system', ...estimatedParts(request)],
    messages,
    fixed,
  };
}
