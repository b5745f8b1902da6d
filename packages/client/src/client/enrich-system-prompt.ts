import type { ToolDescription, ToolMetrics } from '@aigo/ai';

/**
 * How the tool list in the system prompt tells the model to choose between tools:
 * `cost` (keep spending low), `accuracy` (prefer accurate tools), `speed` (minimise latency),
 * `balanced` (weigh all three), `cost_effective` (best accuracy per unit of cost; each tool's score
 * is shown), `quality` (the best answer, whatever it costs). Only the prompt changes: nothing selects
 * tools automatically.
 */
export type ToolCostStrategy =
  | 'cost'
  | 'accuracy'
  | 'speed'
  | 'balanced'
  | 'cost_effective'
  | 'quality';

/** Every strategy, for validation. */
export const TOOL_COST_STRATEGIES: readonly ToolCostStrategy[] = Object.freeze([
  'cost',
  'accuracy',
  'speed',
  'balanced',
  'cost_effective',
  'quality',
]);

const GUIDANCE: Record<ToolCostStrategy | 'none', { intro: string; closing: string }> = {
  none: {
    intro: 'You can use the following tools when they help you answer.',
    closing:
      'Call a tool through function calling when you need it; the system runs it and returns the result for your final answer.',
  },
  cost: {
    intro: 'Each tool has a cost per call, shown below. Keep the total cost of your work low.',
    closing: 'Prefer the cheaper tool unless only a more expensive one can do the job.',
  },
  accuracy: {
    intro: 'Accuracy metrics are shown for the tools below. Prioritise accurate results.',
    closing: 'Prefer the more accurate tool; cost is secondary.',
  },
  speed: {
    intro: 'The tools below differ in speed. Keep the latency of your work low.',
    closing: 'Prefer the faster tool when several can do the job.',
  },
  balanced: {
    intro: 'Weigh cost, accuracy and speed, shown for the tools below, when you choose a tool.',
    closing: 'Pick the tool with the best overall balance of cost, accuracy and speed.',
  },
  cost_effective: {
    intro:
      'Get the most accuracy per unit of cost: each tool below shows its cost, accuracy and cost-effectiveness score (accuracy divided by cost).',
    closing:
      'Prefer the tool with the best accuracy-to-cost ratio; free tools are the most cost-effective.',
  },
  quality: {
    intro:
      'Aim for the best possible answer: use the tools below that give the most reliable results, whatever they cost and however long they take.',
    closing: 'Prefer the most accurate tools, and use several when that makes the answer better.',
  },
};

/**
 * The `## Available Tools` section appended to the system prompt: one numbered entry per tool with
 * its description and parameter schema and, when a strategy is set and the tool has metrics, its
 * cost and metrics. Empty when there are no tools.
 */
export function toolsPromptSection(
  tools: readonly ToolDescription[],
  strategy: ToolCostStrategy | undefined,
): string {
  if (tools.length === 0) return '';
  const guidance = GUIDANCE[strategy ?? 'none'];
  const entries = tools.map((tool, index) => {
    const lines = [`${index + 1}. **${tool.name}**`];
    if (tool.description) lines.push(`   - Description: ${tool.description}`);
    lines.push(`   - Parameters: ${JSON.stringify(tool.parameters)}`);
    const metrics = tool.metrics;
    if (strategy !== undefined && metrics !== undefined) {
      lines.push(`   - Cost: ${formatCost(metrics)}`);
      const performance = formatMetrics(metrics);
      if (performance !== '') lines.push(`   - Metrics: ${performance}`);
      if (strategy === 'cost_effective') {
        const score = costEffectiveness(metrics);
        if (score !== undefined) lines.push(`   - Cost-Effectiveness Score: ${score}`);
      }
    }
    return lines.join('\n');
  });
  return `## Available Tools\n\n${guidance.intro}\n\n${entries.join('\n\n')}\n\n${guidance.closing}`;
}

/** `0.001000 USD (per search)`. */
function formatCost(metrics: ToolMetrics): string {
  const currency = metrics.currency || 'USD';
  const description = metrics.costDescription ? ` (${metrics.costDescription})` : '';
  return `${metrics.amount.toFixed(6)} ${currency}${description}`;
}

/** `Accuracy: 95.0%, Avg Duration: 300ms`, each part only when known and positive. */
function formatMetrics(metrics: ToolMetrics): string {
  const parts: string[] = [];
  if (metrics.accuracy !== undefined && metrics.accuracy > 0) {
    parts.push(`Accuracy: ${(metrics.accuracy * 100).toFixed(1)}%`);
  }
  if (metrics.averageDurationInMillis !== undefined && metrics.averageDurationInMillis > 0) {
    parts.push(`Avg Duration: ${Math.round(metrics.averageDurationInMillis)}ms`);
  }
  return parts.join(', ');
}

/**
 * Accuracy per unit of cost, two decimals; a free tool with a known accuracy is `free` (the best),
 * not 0 as in the Go original. Undefined when the accuracy is unknown.
 */
function costEffectiveness(metrics: ToolMetrics): string | undefined {
  if (metrics.accuracy === undefined || metrics.accuracy <= 0) return undefined;
  if (metrics.amount <= 0) return 'free (best)';
  return (metrics.accuracy / metrics.amount).toFixed(2);
}
