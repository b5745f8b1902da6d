import { type Agent, defineTool, type Prompt, type Schema, type Tool } from '@aigo/ai';
import { type AgentToolOptions, checkAgentTool } from './agent-tool-options.js';
import { PROMPT_INPUT } from './prompt-input.js';
import { runSubAgent } from './run-sub-agent.js';

/**
 * Makes an agent a tool that other agents call — any `Agent` of `@aigo/ai`: a ReAct agent, a graph
 * made an agent (`graphAgent` of `@aigo/graph`), an agent of another package. The tool's arguments
 * (`{ prompt: string }`, or the `input` schema) become the sub-run's prompt; its result is the
 * sub-run's typed `data` (its text without a schema). The sub-run belongs to the run that called
 * it: its events arrive in the parent's stream as `agent_event` (nested to any depth), its usage and
 * cost add into the parent's (`costSummary().byAgent`), its `invoke_agent` span is a child of the
 * call's `execute_tool` span, and the parent's signal aborts it. A sub-run that fails or stops is
 * the tool's error result (the parent's `stopOnError` decides what follows); its own
 * `maxIterations` applies.
 *
 * @example
 * const researcher = createReAct(researchClient, { name: 'researcher', description: 'Finds facts' });
 * const writer = createReAct(createClient(provider, { tools: [agentTool(researcher)] }));
 *
 * @throws ValidationError naming the bad argument (an agent without a name, a bad option).
 */
export function agentTool<S extends Schema | undefined = undefined>(
  agent: Agent<unknown>,
  options?: AgentToolOptions<S>,
): Tool {
  const settings = checkAgentTool(agent, options as AgentToolOptions<Schema | undefined>);
  return defineTool({
    name: settings.name,
    description: settings.description,
    input: (settings.schema ?? PROMPT_INPUT) as typeof PROMPT_INPUT,
    execute: (input, ctx) => {
      const prompt: Prompt = settings.prompt(input);
      return runSubAgent(agent, settings, prompt, ctx);
    },
  });
}
