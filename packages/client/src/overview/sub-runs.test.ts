import type { ChatResponse, ToolMetrics, Usage } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { Overview } from './overview.js';

const PRICE = { inputCostPerMillion: 1_000_000, outputCostPerMillion: 2_000_000 };
const SEARCH: ToolMetrics = { amount: 0.5, currency: 'USD' };

function usage(promptTokens: number, completionTokens: number): Usage {
  return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
}

function reply(model: string, used: Usage): ChatResponse {
  return { id: 'r', model, content: 'ok', toolCalls: [], finishReason: 'stop', usage: used };
}

/** An agent's overview with one model call and, optionally, one tool call; its clock stands still. */
function agentRun(agent: string, model: string, used: Usage, tool?: string): Overview {
  const overview = new Overview({
    agent,
    modelCost: PRICE,
    computeCost: { costPerSecond: 1 },
    now: () => 0,
  });
  overview.recordResponse(reply(model, used));
  if (tool !== undefined) overview.recordToolCall({ name: tool, durationMs: 1, metrics: SEARCH });
  return overview;
}

describe('Overview sub-runs (agents called as tools)', () => {
  it('adds three levels up to the sum of the parts, broken down by agent path', () => {
    const checker = agentRun('checker', 'small', usage(1, 1));
    const researcher = agentRun('researcher', 'small', usage(2, 1), 'search');
    researcher.addSubRun({
      agent: 'checker',
      usage: checker.totalUsage,
      cost: checker.costSummary(),
    });
    const writer = agentRun('writer', 'large', usage(3, 2));
    writer.addSubRun({
      agent: 'researcher',
      usage: researcher.totalUsage,
      cost: researcher.costSummary(),
    });

    const summary = writer.costSummary();

    // Model cost: (3 + 2·2) + (2 + 1·2) + (1 + 1·2) = 7 + 4 + 3; tools: one search at 0.5.
    expect(summary.totalModelCost).toBe(14);
    expect(summary.totalToolCost).toBe(0.5);
    expect(summary.totalCost).toBe(14.5);
    expect(summary.toolExecutionCount).toEqual({ search: 1 });
    expect(summary.byModel.small?.requests).toBe(2);
    expect(summary.byModel.large?.requests).toBe(1);
    expect(summary.complete).toBe(true);
    expect(writer.totalUsage).toEqual(usage(6, 4));
    expect(Object.keys(summary.byAgent ?? {})).toEqual([
      'writer',
      'writer/researcher',
      'writer/researcher/checker',
    ]);
    expect(summary.byAgent?.['writer/researcher']).toMatchObject({
      path: ['writer', 'researcher'],
      usage: usage(2, 1),
      totalModelCost: 4,
      totalToolCost: 0.5,
      totalCost: 4.5,
    });
    const parts = Object.values(summary.byAgent ?? {}).reduce(
      (sum, part) => sum + part.totalCost,
      0,
    );
    expect(parts).toBe(summary.totalCost);
    // The agent's own records are its own.
    expect(writer.toolCallStats).toEqual({});
    expect(writer.requests).toHaveLength(0);
  });

  it('sums two calls of one agent under one path', () => {
    const writer = agentRun('writer', 'large', usage(1, 0));
    for (let index = 0; index < 2; index++) {
      const researcher = agentRun('researcher', 'small', usage(1, 0));
      writer.addSubRun({
        agent: 'researcher',
        usage: researcher.totalUsage,
        cost: researcher.costSummary(),
      });
    }

    const summary = writer.costSummary();

    expect(summary.byAgent?.['writer/researcher']?.totalModelCost).toBe(2);
    expect(summary.byAgent?.['writer/researcher']?.usage).toEqual(usage(2, 0));
    expect(summary.totalModelCost).toBe(3);
  });

  it('keeps an unknown cost unknown: nothing added, the summary not complete', () => {
    const writer = agentRun('writer', 'large', usage(1, 0));
    writer.addSubRun({ agent: 'remote', usage: undefined, cost: undefined });

    const summary = writer.costSummary();

    expect(summary.totalCost).toBe(1);
    expect(summary.complete).toBe(false);
    expect(summary.byAgent?.['writer/remote']).toMatchObject({ complete: false, usage: undefined });
  });

  it('lists a sub-run in another currency instead of adding it', () => {
    const writer = agentRun('writer', 'large', usage(1, 0));
    const euro = new Overview({ modelCost: { ...PRICE, currency: 'EUR' }, now: () => 0 });
    euro.recordResponse(reply('m', usage(1, 0)));
    writer.addSubRun({ agent: 'eu', usage: euro.totalUsage, cost: euro.costSummary() });

    expect(writer.costSummary().totalCost).toBe(1);
    expect(writer.costSummary().complete).toBe(false);
    expect(writer.costsInOtherCurrencies()).toEqual([
      { source: 'agent', name: 'eu', currency: 'EUR', amount: 1 },
    ]);
  });

  it('refuses a part without an agent name', () => {
    const writer = new Overview();
    expect(() => writer.addSubRun({ agent: '', usage: undefined, cost: undefined })).toThrow(
      /part/,
    );
  });
});
