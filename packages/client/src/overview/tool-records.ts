import { DEFAULT_CURRENCY, type ToolMetrics, ValidationError } from '@aigo/ai';
import { validateToolMetrics } from '../cost/validate-cost.js';
import { addAmount } from './currency-amounts.js';
import type { OtherCurrencyCost } from './other-currency-cost.js';

/** One tool execution, as {@link Overview.recordToolCall} takes it. */
export interface ToolCallRecord {
  readonly name: string;
  readonly durationMs: number;
  /** The tool's metrics; `amount` is what one call costs. */
  readonly metrics?: ToolMetrics;
  /** A failed call is counted but not billed. */
  readonly failed?: boolean;
}

/** An overview's tool executions: how many calls of each tool, and what they cost by currency. */
export class ToolRecords {
  readonly #counts = new Map<string, number>();
  readonly #costs = new Map<string, Map<string, number>>();

  /**
   * Records one tool execution: counted always, billed (`metrics.amount`) unless it failed.
   * Returns the currency it was billed in, if it was.
   *
   * @throws ValidationError for a malformed record.
   */
  record(call: ToolCallRecord): string | undefined {
    if (call === null || typeof call !== 'object') {
      throw new ValidationError('call', 'must be an object with name and durationMs');
    }
    if (typeof call.name !== 'string' || call.name === '') {
      throw new ValidationError('call.name', 'must be a non-empty string');
    }
    if (typeof call.durationMs !== 'number' || !(call.durationMs >= 0)) {
      throw new ValidationError('call.durationMs', 'must be a number of at least 0');
    }
    if (call.metrics !== undefined) validateToolMetrics(call.metrics, 'call.metrics');
    this.#counts.set(call.name, (this.#counts.get(call.name) ?? 0) + 1);
    if (call.metrics === undefined || call.failed === true) return undefined;
    const currency = call.metrics.currency || DEFAULT_CURRENCY;
    addAmount(this.#costs, call.name, currency, call.metrics.amount);
    return currency;
  }

  /** Adds another overview's tool counts and costs. */
  merge(other: ToolRecords): void {
    for (const [name, calls] of other.#counts) {
      this.#counts.set(name, (this.#counts.get(name) ?? 0) + calls);
    }
    for (const [name, amounts] of other.#costs) {
      for (const [currency, amount] of amounts) addAmount(this.#costs, name, currency, amount);
    }
  }

  /** Tool calls by tool name (failed ones included). */
  counts(): Record<string, number> {
    return Object.fromEntries(this.#counts);
  }

  /** What each tool's successful calls cost in `currency`. */
  costsIn(currency: string): Record<string, number> {
    const costs: Record<string, number> = {};
    for (const [name, amounts] of this.#costs) {
      const amount = amounts.get(currency);
      if (amount !== undefined) costs[name] = amount;
    }
    return costs;
  }

  /** Adds to `others` the tool costs in a currency other than `currency`. */
  otherCurrencies(currency: string, others: OtherCurrencyCost[]): void {
    for (const [name, amounts] of this.#costs) {
      for (const [other, amount] of amounts) {
        if (other !== currency) others.push({ source: 'tool', name, currency: other, amount });
      }
    }
  }
}
