/**
 * `text` cut to at most `maxLength` UTF-16 code units, never inside a surrogate pair, with `…` and
 * the number of characters left out appended when it was cut.
 */
export function truncateText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  let end = maxLength;
  const last = text.charCodeAt(end - 1);
  // A high surrogate at the cut would leave half a character.
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}… (+${text.length - end} chars)`;
}
