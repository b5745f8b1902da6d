/**
 * A short, stable hash (FNV-1a, 32 bits) of a text, as an unsigned integer: for names derived from
 * text (prepared statement names) and advisory-lock keys. Not for security.
 *
 * @example
 * const name = `my_store_${fnv1a(sql).toString(16).padStart(8, '0')}`;
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
