import type { Span } from '@aigo/ai';
import type { Client, Overview } from '@aigo/client';

/** What a node's client is bound to. Read when a call is made (so the node signal stays lazy). */
export interface ClientBinding {
  readonly overview: Overview;
  readonly signal: AbortSignal;
  readonly span: Span | undefined;
}

interface BindableOptions {
  readonly overview?: Overview;
  readonly signal?: AbortSignal;
  readonly span?: Span;
}

/**
 * A client like `client` whose calls default to the binding's overview, signal and span. Options a
 * call passes win, except `signal`, which is combined with the node's (either one aborts the call).
 * `withOptions` returns a client bound the same way.
 */
export function bindClient(client: Client, binding: ClientBinding): Client {
  const bind = <O extends BindableOptions>(options: O | undefined): O => {
    const own = binding.signal;
    const theirs = options?.signal;
    const signal = theirs === undefined || theirs === own ? own : AbortSignal.any([own, theirs]);
    const span = options?.span ?? binding.span;
    return {
      ...options,
      overview: options?.overview ?? binding.overview,
      signal,
      ...(span === undefined ? {} : { span }),
    } as O;
  };
  const bound: Client = {
    provider: client.provider,
    defaultModel: client.defaultModel,
    memory: client.memory,
    systemPrompt: client.systemPrompt,
    tools: client.tools,
    modelCost: client.modelCost,
    computeCost: client.computeCost,
    observer: client.observer,
    options: client.options,
    sendMessage: (prompt, options) => client.sendMessage(prompt, bind(options)),
    continueConversation: (options) => client.continueConversation(bind(options)),
    streamMessage: (prompt, options) => client.streamMessage(prompt, bind(options)),
    streamContinueConversation: (options) => client.streamContinueConversation(bind(options)),
    executeToolCalls: (toolCalls, options) => client.executeToolCalls(toolCalls, bind(options)),
    createOverview: () => client.createOverview(),
    withOptions: (options) => bindClient(client.withOptions(options), binding),
  };
  return Object.freeze(bound);
}
