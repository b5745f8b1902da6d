/** A table row without the padding of its cells (`|  a   | b |` → `| a | b |`, `|-----|` → `| --- |`). */
export function compactRow(row: string): string {
  return row
    .trim()
    .split(/(?<!\\)\|/)
    .map((cell) => {
      const trimmed = cell.trim();
      return /^:?-{3,}:?$/.test(trimmed) ? trimmed.replace(/-{3,}/, '---') : trimmed;
    })
    .join(' | ')
    .trim();
}
