// The agentTool part of the @aigo/react benchmark: what calling an agent through `agentTool`
// (argument parsing and validation, the sub-run's options, its usage and cost added to the parent's
// overview) adds over calling the same agent directly with `execute`. The sub-agent answers in one
// model call over the fake provider; both arms run it the same way (no memory, no observer).
import { interleaved, round3 } from '../../shared/cpu-timing.mjs';
import { median } from '../../shared/stats.mjs';

export const AGENT_TOOL_TARGET_US = 20;

const PROMPT = 'Summarise the findings.';

/**
 * CPU added by one agentTool call over `agent.execute` of the same agent, as the median over rounds
 * of interleaved batches. `modules` are the built packages (ai, client, testing, react).
 */
export async function agentToolOverhead(modules, { rounds = 9, runs = 300 } = {}) {
  const { client: aigoClient, testing, react } = modules;
  let current;
  const reset = () => {
    current = testing.createFakeProvider({ id: 'fake' }).text('The findings, summarised.');
  };
  reset();
  const provider = {
    id: 'fake',
    sendMessage: (request, options) => current.sendMessage(request, options),
    streamMessage: (request, options) => current.streamMessage(request, options),
  };
  const client = aigoClient.createClient(provider, { env: {}, defaultModel: 'bench-model' });
  const agent = react.createReAct(client, { name: 'researcher', description: 'Finds facts' });
  const tool = react.agentTool(agent);
  const argumentsJson = JSON.stringify({ prompt: PROMPT });
  const arms = {
    direct: async () => {
      reset();
      await agent.execute(PROMPT, { memory: null });
    },
    tool: async () => {
      reset();
      const overview = client.createOverview({ agent: 'writer' });
      const parentRun = {
        path: ['writer'],
        streams: false,
        emit: () => undefined,
        addSubRun: (part) => overview.addSubRun(part),
      };
      const output = await tool.call(argumentsJson, {
        toolCallId: 'call_1',
        runId: 'run',
        parentRun,
      });
      if (!output.startsWith('"')) throw new Error(`agentTool failed: ${output}`);
    },
  };
  await interleaved(arms, runs); // warm-up
  const samples = [];
  for (let round = 0; round < rounds; round++) {
    const t = await interleaved(arms, runs);
    samples.push({ direct: t.direct / runs, added: (t.tool - t.direct) / runs });
  }
  return {
    runs,
    rounds,
    directUsPerCall: round3(median(samples.map((sample) => sample.direct))),
    addedUsPerCall: round3(median(samples.map((sample) => sample.added))),
  };
}
