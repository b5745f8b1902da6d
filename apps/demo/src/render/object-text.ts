/**
 * A JSON value as indented lines (`key: value`, `- item`), for a person watching it grow. A partial
 * answer only ever grows at its end — the last property, the last element, the last string — so the
 * text of each partial begins with the text of the one before: the renderer prints only what was
 * added.
 */
export function objectText(value: unknown): string {
  const lines: string[] = [];
  write(value, '', lines, undefined);
  return lines.join('\n');
}

function write(value: unknown, indent: string, lines: string[], label: string | undefined): void {
  if (Array.isArray(value)) {
    if (label !== undefined) lines.push(label.trimEnd());
    for (const item of value) writeItem(item, indent, lines);
    return;
  }
  if (value !== null && typeof value === 'object') {
    if (label !== undefined) lines.push(label.trimEnd());
    for (const [key, item] of Object.entries(value)) {
      write(item, `${indent}  `, lines, `${indent}${key}: `);
    }
    return;
  }
  lines.push(`${label ?? indent}${scalar(value, indent)}`);
}

/** An element: `- ` at `indent`, an object's properties lined up after it. */
function writeItem(item: unknown, indent: string, lines: string[]): void {
  const dash = `${indent}- `;
  if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
    const entries = Object.entries(item);
    if (entries.length === 0) {
      lines.push(dash.trimEnd());
      return;
    }
    entries.forEach(([key, value], index) => {
      const prefix = index === 0 ? `${dash}${key}: ` : `${indent}  ${key}: `;
      write(value, `${indent}    `, lines, prefix);
    });
    return;
  }
  write(item, `${indent}  `, lines, dash);
}

/** A string as it is (continuation lines indented), anything else as JSON. */
function scalar(value: unknown, indent: string): string {
  if (typeof value === 'string') return value.replaceAll('\n', `\n${indent}  `);
  return JSON.stringify(value) ?? String(value);
}
