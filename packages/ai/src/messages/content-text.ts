/**
 * The text of message content that has not been checked (a prompt, a request from outside): a
 * string as it is, the `text` of the text parts of an array joined with newlines, else `''`. Parts
 * of other kinds, and anything that is not a text part, are skipped.
 */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content as readonly unknown[]) {
    const candidate = part as { readonly type?: unknown; readonly text?: unknown } | null;
    if (candidate?.type === 'text' && typeof candidate.text === 'string')
      texts.push(candidate.text);
  }
  return texts.join('\n');
}
