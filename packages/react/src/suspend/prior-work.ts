import type { ChatResponse } from '@aigo/ai';
import type { Overview } from '@aigo/client';
import type { PriorCall, PriorTool } from './suspended-state.js';

/**
 * The model calls an overview recorded (a resumed run's overview holds those of the runs before
 * it, replayed), each with the model its request named.
 */
export function priorCalls(overview: Overview): PriorCall[] {
  const requests = overview.requests;
  return overview.responses.map((response, index) => {
    const requested = requests[index]?.model;
    return {
      model: requested !== undefined && requested !== '' ? requested : response.model,
      response: JSON.parse(JSON.stringify(response)) as ChatResponse,
    };
  });
}

/** The tool executions an overview recorded, by tool: how many and what they cost. */
export function priorTools(overview: Overview): PriorTool[] {
  const costs = overview.toolCosts;
  const currency = overview.currency;
  return Object.entries(overview.toolCallStats).map(([name, count]) => ({
    name,
    count,
    amount: costs[name] ?? 0,
    currency,
  }));
}

/**
 * Records what the run did before its suspension into the resumed run's overview, so that usage,
 * model and tool costs add up to what one uninterrupted run reports. The wait is not recorded: it
 * is no compute.
 */
export function replayPriorWork(
  overview: Overview,
  calls: readonly PriorCall[],
  tools: readonly PriorTool[],
): void {
  for (const call of calls) {
    const request = { model: call.model, messages: [] };
    overview.recordRequest(request);
    overview.recordResponse(call.response, request);
  }
  for (const tool of tools) {
    for (let index = 0; index < tool.count; index++) {
      const billed = index === 0 && tool.amount > 0;
      overview.recordToolCall({
        name: tool.name,
        durationMs: 0,
        ...(billed ? { metrics: { amount: tool.amount, currency: tool.currency } } : {}),
      });
    }
  }
}
