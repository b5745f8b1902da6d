/** A value as readable text: strings as they are, anything else as indented JSON; cut at `max`. */
export function displayValue(value: unknown, max = 2000): string {
  const text =
    typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
  return text.length > max
    ? `${text.slice(0, max)}\n… (${text.length - max} more characters)`
    : text;
}
