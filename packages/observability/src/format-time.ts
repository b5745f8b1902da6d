const two = (value: number): string => (value < 10 ? `0${value}` : String(value));

/** The last second formatted, and its text: lines come many to a second. */
let lastSecond = Number.NaN;
let lastText = '';

/** `YYYY-MM-DD HH:MM:SS` in local time, without a zone (as the Go original writes). */
export function formatLocalTime(time: number): string {
  const second = Math.floor(time / 1000);
  if (second === lastSecond) return lastText;
  const date = new Date(time);
  lastSecond = second;
  lastText = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(
    date.getHours(),
  )}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
  return lastText;
}

/** ISO 8601 in UTC with milliseconds (`2026-01-02T03:04:05.678Z`); invalid times give `null`. */
export function formatIsoTime(time: number): string | null {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
