// The formatting every part of the bench report shares: numbers, ratios, verdicts, table rows, and
// the tolerances and targets the verdicts apply.

/** A ratio counts only when its floor-versus-floor control is within 1.00 ± this. */
export const CONTROL_TOLERANCE = 0.03;
/** The targets of aigo's figures (a)–(e) against the floor in the anchors section. */
export const ANCHOR_TARGETS = {
  latency: 1.1,
  throughput: 1.1,
  stream: 1.1,
  rss: 1.2,
  firstReply: 1.1,
};
/** The installed-size budget of `@aigo/client` + `@aigo/openai`, in KiB. */
export const SIZE_TARGET_KB = 4 * 1024;

/** `value` with `digits` decimals and thousands separators. */
export const num = (value, digits = 0) =>
  Number(value).toLocaleString('en', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
/** A ratio as `1.05×`. */
export const times = (ratio) => `${num(ratio, 2)}×`;
/** Whether a control is within 1.00 ± `CONTROL_TOLERANCE`. */
export const inTolerance = (control) => Math.abs(control - 1) <= CONTROL_TOLERANCE;

/**
 * A ratio's verdict: VOID when its control is out of 1.00 ± 0.03; otherwise ok or over/under the
 * target (`atMost` for costs, `atLeast` for rates such as memory-pg's turns/s).
 */
export function ratioVerdict({ ratio, control }, { atMost, atLeast }) {
  if (!inTolerance(control)) return 'VOID (control out of 1.00 ± 0.03)';
  if (atMost !== undefined) return ratio <= atMost ? 'ok' : '**over target**';
  return ratio >= atLeast ? 'ok' : '**under target**';
}
/** The verdict of an absolute figure (µs, ms, MiB) against its target. */
export const absoluteVerdict = (ok) => (ok ? 'ok' : '**over target**');

/** A markdown table row. */
export function row(cells) {
  return `| ${cells.join(' | ')} |`;
}
