import type { AgentCard, AgentSkill } from '@a2a-js/sdk';
import { ClientFactory, JsonRpcTransportFactory, RestTransportFactory } from '@a2a-js/sdk/client';
import { type Tool, ValidationError } from '@aigo/ai';
import { A2AError } from '../shared/a2a-error.js';
import { type A2AToolsOptions, checkA2AToolsOptions, TOOL_NAME } from './a2a-tools-options.js';
import { headerFetch } from './header-fetch.js';
import { remoteAgentTool } from './remote-agent-tool.js';
import { cardResolver, causeText, resolveAgentCard } from './resolve-agent-card.js';
import { RunConversations } from './run-conversations.js';

/** A name that fits every provider's tool names: other characters become `_`, 64 at most. */
export function toolNameOf(text: string): string {
  const name = text
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
  return TOOL_NAME.test(name) ? name : 'remote_agent';
}

function skillLine(skill: AgentSkill): string {
  const examples = skill.examples?.length ? ` (e.g. ${skill.examples.slice(0, 2).join('; ')})` : '';
  return `- ${skill.name || skill.id}: ${skill.description}${examples}`;
}

function agentDescription(card: AgentCard): string {
  const head = `Sends a message to the remote agent ${card.name}${card.description ? `: ${card.description}` : '.'}`;
  const skills = card.skills ?? [];
  if (skills.length === 0) return head;
  return `${head}\nWhat it can do:\n${skills.map(skillLine).join('\n')}`;
}

function selectedSkills(card: AgentCard, skills: boolean | readonly string[]): AgentSkill[] {
  if (skills === false) return [];
  const all = card.skills ?? [];
  if (skills === true) return all;
  return skills.map((id) => {
    const skill = all.find((s) => s.id === id);
    if (skill === undefined) {
      throw new ValidationError('options.skills', `the agent ${card.name} has no skill ${id}`);
    }
    return skill;
  });
}

/**
 * The tools of a remote A2A agent: reads its agent card (at `url`'s
 * `/.well-known/agent-card.json`, or the `card` given) and returns one tool for the agent, described
 * by its card and skills — or, with `skills`, one tool per skill. A call sends the model's `message`
 * as an A2A message: a synchronous reply becomes the tool's output; a task is followed to its end
 * (streamed when the agent streams, else polled), its artifacts (text, data, files) become the
 * output and its status updates the tool's progress. A task waiting for input gives the model the
 * agent's question; the run's next call of the tool answers it, continuing the same task (task and
 * context ids are kept per run, by the tool context's `runId`). A failed, rejected or cancelled task,
 * an unreachable agent and a protocol error give the model an error envelope; an aborted run asks the
 * agent to cancel the task (`tasks/cancel`). Speaks A2A 1.0, and 0.3 to agents whose card is a 0.3
 * card.
 *
 * @example
 * const tools = await a2aTools({ url: 'https://agents.example.com/researcher', headers: { authorization: `Bearer ${token}` } });
 * const client = createClient(openai(), { tools });
 *
 * @throws ValidationError (as a rejection) for bad options; `A2AError` when the card cannot be read
 *   or is not an agent card (`connection_error`, `not_found`, `authentication`, `invalid_response`,
 *   `timeout`); `AbortError` when `signal` aborts.
 */
export async function a2aTools(options: A2AToolsOptions): Promise<Tool[]> {
  const checked = checkA2AToolsOptions(options);
  const card = await resolveAgentCard(checked);
  const fetchImpl = headerFetch(checked.fetch, checked.headers);
  const factory = new ClientFactory({
    transports: [
      new JsonRpcTransportFactory({ fetchImpl, legacyCompat: { enabled: true } }),
      new RestTransportFactory({ fetchImpl, legacyCompat: { enabled: true } }),
    ],
    cardResolver: cardResolver(fetchImpl),
  });
  const agent = checked.url ?? card.name;
  let client: Awaited<ReturnType<ClientFactory['createFromAgentCard']>>;
  try {
    client = await factory.createFromAgentCard(card);
  } catch (error) {
    throw new A2AError({
      code: 'invalid_response',
      agent,
      message: `The agent card of ${agent} offers no transport this client speaks (JSON-RPC or HTTP+JSON): ${causeText(error)}`,
      cause: error,
    });
  }
  const streaming = checked.streaming ?? card.capabilities?.streaming === true;
  const runs = new RunConversations();
  const base = { agentName: card.name, client, streaming, runs, options: checked };
  const agentToolName = checked.name ?? toolNameOf(card.name);
  const skills = selectedSkills(card, checked.skills);
  if (skills.length === 0) {
    return [
      remoteAgentTool({
        ...base,
        name: agentToolName,
        description: checked.description ?? agentDescription(card),
      }),
    ];
  }
  return skills.map((skill) =>
    remoteAgentTool({
      ...base,
      name: toolNameOf(`${agentToolName}_${skill.id}`),
      description: `${skill.description || skill.name} (skill ${skill.name || skill.id} of the remote agent ${card.name})`,
      skill: { id: skill.id, name: skill.name || skill.id },
    }),
  );
}
