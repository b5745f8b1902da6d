/**
 * Response headers as undici gives them (lower-case names, repeated headers as arrays), or a
 * WHATWG `Headers` object.
 */
export type ResponseHeaders =
  | Readonly<Record<string, string | readonly string[] | undefined>>
  | { get(name: string): string | null };

/** The first value of header `name` (lower-case), or undefined. */
export function headerValue(
  headers: ResponseHeaders | undefined,
  name: string,
): string | undefined {
  if (headers === undefined || headers === null) return undefined;
  if (typeof (headers as { get?: unknown }).get === 'function') {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const value = (headers as Readonly<Record<string, string | readonly string[] | undefined>>)[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : value[0];
}
