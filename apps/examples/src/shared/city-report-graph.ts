// The graph of the durable-graph examples: what the worker runs and the submitter names.
import { messageText } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createGraph, type Graph } from '@aigo/graph';
import { createFakeProvider } from '@aigo/testing';

/** The graph's registered name: the submitter queues runs of it by this name. */
export const CITY_REPORT = 'city-report';

/**
 * facts → summary, each a model call. Offline: a scripted model that answers from the prompt. The
 * facts node passes its attempt key (`<runId>/facts`) to a side effect as an idempotency key would.
 */
export function cityReportGraph(): Graph<string> {
  const provider = createFakeProvider().onRequest((request) => {
    const prompt = messageText(request.messages.at(-1) ?? { content: '' });
    if (prompt.startsWith('Three facts about'))
      return { content: `${prompt.slice(18)} has a river, a castle and trams.` };
    return {
      content: `In short: ${prompt.slice(prompt.indexOf(':') + 2)}`,
      usage: { promptTokens: 40, completionTokens: 12, totalTokens: 52 },
    };
  });
  const client = createClient(provider, {
    defaultModel: 'offline-model',
    modelCost: { inputCostPerMillion: 0.15, outputCostPerMillion: 0.6 },
  });
  return createGraph<string>('summary', { name: CITY_REPORT, version: '1', defaultClient: client })
    .addNode('facts', async ({ client, sharedState }) => {
      const city = String(await sharedState.get('city'));
      return (await client.sendMessage(`Three facts about ${city}`)).content;
    })
    .addNode('summary', async ({ client, upstreamResults }) => {
      return (await client.sendMessage(`Summarise: ${upstreamResults.facts?.output}`)).content;
    })
    .addEdge('facts', 'summary');
}
