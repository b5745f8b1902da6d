import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { openai } from '@aigo/openai';
import { createReAct } from '@aigo/react';
import { Type } from 'typebox';
import type { EvalEnvironment } from '../../src/index.js';
import { task } from '../../src/index.js';
import { STAND_IN_PRICES, type StandInModelName } from './stand-in-model.js';

const Triage = Type.Object({ category: Type.String() });

/** How many times the order tool really ran (not replayed), for the tests to check. */
export const toolRuns = { count: 0 };

/**
 * The experiment's task as a function of its environment: a ReAct agent on `model` of the stand-in
 * (through the real `@aigo/openai` adapter, its base URL and key from `env.endpoint`), with an
 * `order_status` tool recorded and replayed through `env.tools`. The output is the team's name.
 */
export function triageTask(model: StandInModelName, upstream: string) {
  return (env: EvalEnvironment) => {
    const orderStatus = defineTool({
      name: 'order_status',
      description: 'Looks an order up by its number: where it is and when it arrives.',
      input: Type.Object({
        order: Type.String({ description: 'The order number, such as A1001' }),
      }),
      execute: async ({ order }) => {
        toolRuns.count++;
        return { order, status: 'in transit', eta: '2 days' };
      },
    });
    const provider = openai({
      ...env.endpoint(upstream, { apiKeyVariable: 'STAND_IN_API_KEY', name: 'stand-in' }),
      api: 'chat',
    });
    const client = createClient(provider, {
      env: {},
      defaultModel: model,
      modelCost: STAND_IN_PRICES,
      tools: env.tools([orderStatus]),
    });
    const agent = createReAct(client, { schema: Triage, name: `triage-${model}` });
    return task(agent, { output: (data) => data.category });
  };
}
