import type { CostRow } from './cost-rows.js';

/** What {@link formatCostTable} prints. */
export interface CostTable {
  readonly currency: string;
  readonly rows: readonly CostRow[];
  readonly totalCost: number;
  /** False when some model's cost is unknown: the total is printed as unknown, never as a sum. */
  readonly complete: boolean;
  readonly priceNotes: readonly string[];
}

const HEADER = ['', '', 'calls', 'prompt tokens (cached)', 'completion (reasoning)', 'cost'];

/**
 * The cost table as text lines: a header, one line per model, tool and compute row, the total and
 * where the prices come from. Numbers are right-aligned; an unpriced model's cost, and then the
 * total, are `unknown` — never $0.
 */
export function formatCostTable(table: CostTable): string[] {
  const money = (amount: number): string => formatMoney(amount, table.currency);
  const cells: string[][] = [HEADER];
  for (const row of table.rows) {
    switch (row.kind) {
      case 'model':
        cells.push([
          'model',
          row.name,
          String(row.requests),
          `${formatCount(row.promptTokens)} (${formatCount(row.cachedTokens)})`,
          `${formatCount(row.completionTokens)} (${formatCount(row.reasoningTokens)})`,
          row.priced ? money(row.cost) : 'unknown',
        ]);
        break;
      case 'tool':
        cells.push(['tool', row.name, String(row.calls), '', '', money(row.cost)]);
        break;
      case 'compute':
        cells.push(['compute', `${row.seconds.toFixed(2)} s`, '', '', '', money(row.cost)]);
        break;
    }
  }
  cells.push(['total', '', '', '', '', table.complete ? money(table.totalCost) : 'unknown']);

  const widths = HEADER.map((_, column) =>
    Math.max(...cells.map((line) => (line[column] ?? '').length)),
  );
  const lines = cells.map((line) =>
    line
      .map((cell, column) => {
        const width = widths[column] ?? 0;
        // Labels left, numbers right.
        return column < 2 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ')
      .trimEnd(),
  );
  const rule = '─'.repeat(Math.max(...lines.map((line) => line.length)));
  return [
    lines[0] ?? '',
    rule,
    ...lines.slice(1, -1),
    rule,
    lines.at(-1) ?? '',
    ...table.priceNotes,
  ];
}

/** `1234567` → `1,234,567`. */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

/** An amount with six decimals (model calls cost fractions of a cent): `$0.000123`, `0.000123 EUR`. */
export function formatMoney(amount: number, currency: string): string {
  const digits = amount.toFixed(6);
  return currency === 'USD' ? `$${digits}` : `${digits} ${currency}`;
}
