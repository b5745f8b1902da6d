// Test helper (not built): two "providers" on the mini wire format, each on its own local server,
// with their own ids and list prices — what a fallback's cost attribution is checked against.
import type { ChatResponse, ModelCost, StreamEvent, Usage } from '@aigo/ai';
import { type RecordedRoute, type RecordedServer, startRecordedServer } from '@aigo/testing';
import { type MiniHttpProvider, miniHttpProvider, miniSse } from './test-mini-http-provider.js';

export const ALPHA_PRICE: ModelCost = { inputCostPerMillion: 1, outputCostPerMillion: 2 };
export const BETA_PRICE: ModelCost = { inputCostPerMillion: 10, outputCostPerMillion: 20 };

export interface PricedProvider extends MiniHttpProvider {
  readonly server: RecordedServer;
}

/** A mini provider with id `id` on a server of `routes`, pricing `model` at `price`. */
export async function pricedProvider(
  id: string,
  model: string,
  price: ModelCost,
  routes: readonly RecordedRoute[],
): Promise<PricedProvider> {
  const server = await startRecordedServer(routes);
  const mini = miniHttpProvider(server.url);
  return {
    ...mini,
    id,
    server,
    modelCost: (name: string) => (name === model ? price : undefined),
    close: async () => {
      await mini.close();
      await server.close();
    },
  };
}

/** A complete answer of `model` with `usage`, as the mini wire's JSON body. */
export function answer(model: string, text: string, usage: Usage): ChatResponse {
  return { id: `${model}-1`, model, content: text, toolCalls: [], finishReason: 'stop', usage };
}

/** The mini wire's SSE of an answer: start, the text, usage, finish. */
export function answerEvents(model: string, text: string, usage: Usage): StreamEvent[] {
  return [
    { type: 'start', id: `${model}-1`, model },
    { type: 'usage', usage },
    { type: 'content', text },
    { type: 'finish', finishReason: 'stop' },
  ];
}

export { miniSse };
