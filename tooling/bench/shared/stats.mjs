/** The median of a list of numbers. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** `value` with `digits` decimals. */
export function fixed(value, digits = 2) {
  return Number(value.toFixed(digits));
}

/**
 * Orders of `n` variants for successive rounds, balanced for carry-over (a Williams design): over
 * the returned rows every variant comes first, last and in every position equally often, and every
 * variant immediately follows every other equally often — so the cost one variant leaves behind
 * (garbage for the collector, deoptimised shared code) falls on the others alike. `n` rows for even
 * `n`, `2n` for odd `n`; round `r` uses row `r % rows.length`.
 */
export function balancedOrders(n) {
  const first = [0];
  let low = 1;
  let high = n - 1;
  for (let i = 1; i < n; i++) first.push(i % 2 === 1 ? low++ : high--);
  const rows = Array.from({ length: n }, (_, shift) => first.map((v) => (v + shift) % n));
  return n % 2 === 0 ? rows : [...rows, ...rows.map((row) => [...row].reverse())];
}
