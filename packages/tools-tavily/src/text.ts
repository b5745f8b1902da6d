/** Cuts `text` to `max` characters, adding `...` when it was longer. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}
