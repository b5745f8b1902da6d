import {
  type CallOptions,
  type ChatRequest,
  type ChatResponse,
  ChatStream,
  isStreamProvider,
  type Provider,
} from '@aigo/ai';
import { checkProviderResponse } from './check-provider-response.js';
import { ProviderStreamCheck } from './provider-stream-check.js';

/** The provider's two calls, with what they return checked. */
export interface CheckedProviderCalls {
  readonly send: (request: ChatRequest, options: CallOptions) => Promise<ChatResponse>;
  readonly stream: (request: ChatRequest, options: CallOptions) => Promise<ChatStream>;
}

/**
 * The innermost layer of a client: the provider's calls, with what the provider returns checked
 * where it returns it, before any middleware sees it — `sendMessage()`'s response against the
 * `ChatResponse` contract, `streamMessage()`'s stream for being a `ChatStream`, then each of its
 * events and its finished response ({@link ProviderStreamCheck}). A provider without streaming gets
 * a stream replayed from its checked `sendMessage()` response. What breaks a contract fails the
 * call with an `InvalidProviderResponseError` naming the provider's id and the field.
 */
export function checkedProviderCalls(provider: Provider): CheckedProviderCalls {
  const id = typeof provider.id === 'string' && provider.id !== '' ? provider.id : '(no id)';
  const send = async (request: ChatRequest, options: CallOptions): Promise<ChatResponse> =>
    checkProviderResponse(await provider.sendMessage(request, options), id);
  if (!isStreamProvider(provider)) {
    return {
      send,
      stream: async (request, options) =>
        ChatStream.fromResponse(await send(request, options), {
          provider: id,
          ...(options.signal === undefined ? {} : { signal: options.signal }),
        }),
    };
  }
  const check = new ProviderStreamCheck(id);
  return {
    send,
    stream: async (request, options) =>
      check.attach(await provider.streamMessage(request, options)),
  };
}
