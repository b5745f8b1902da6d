/** An amount of money: `$0.0123` for USD, `0.0123 EUR` otherwise, with 3 significant digits below 1. */
export function formatMoney(amount: number, currency: string): string {
  const digits = amount === 0 ? '0' : amount >= 1 ? amount.toFixed(2) : amount.toPrecision(3);
  const plain = digits.includes('e') ? amount.toFixed(10).replace(/0+$/, '') : digits;
  return currency === 'USD' ? `$${plain}` : `${plain} ${currency}`;
}

/** Milliseconds, rounded: `512 ms`, `1,203 ms`, `12.4 s` from 10 s on. */
export function formatMs(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms).toLocaleString('en-US')} ms`;
}

/** A score: two decimals. */
export function formatScore(score: number): string {
  return score.toFixed(2);
}

/** A share as a percentage: `87%`. */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** Rows padded into columns (the first column left-aligned, the others too), two spaces apart. */
export function table(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, index) => {
      widths[index] = Math.max(widths[index] ?? 0, [...cell].length);
    });
  }
  return rows
    .map((row) =>
      row
        .map((cell, index) =>
          index === row.length - 1
            ? cell
            : cell + ' '.repeat((widths[index] as number) - [...cell].length),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
