import { type JsonObject, type Steer, ValidationError } from '@aigo/ai';
import type { Client } from '@aigo/client';
import type { IterationSettings } from '../react-options.js';
import type { AgentSettings, RunInput } from './agent-settings.js';

/** The client and request settings of one iteration. */
export interface Step {
  readonly client: Client;
  readonly toolChoice: IterationSettings['toolChoice'];
}

/**
 * The client (its visible tools) and tool choice of an iteration: the agent's, or what
 * `prepareIteration` chose.
 *
 * @throws ValidationError when `prepareIteration` returns something other than an object.
 */
export async function prepareIteration(
  settings: AgentSettings,
  input: RunInput,
  scope: { readonly state: JsonObject; readonly steer: Steer },
  iteration: number,
): Promise<Step> {
  const prepare = settings.prepareIteration;
  if (prepare === undefined) return { client: settings.client, toolChoice: undefined };
  const chosen = await prepare({
    iteration,
    tools: settings.client.tools.tools,
    context: input.context,
    signal: input.signal,
    state: scope.state,
    steer: scope.steer,
    principal: input.principal,
  });
  if (chosen === undefined || chosen === null) {
    return { client: settings.client, toolChoice: undefined };
  }
  if (typeof chosen !== 'object') {
    throw new ValidationError('prepareIteration', 'must return an object or undefined');
  }
  return {
    client:
      chosen.tools === undefined ? settings.client : settings.visibleTools.client(chosen.tools),
    toolChoice: chosen.toolChoice,
  };
}
