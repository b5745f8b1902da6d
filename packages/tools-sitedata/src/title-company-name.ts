/** A page's title and the key of the page it came from. */
export interface PageTitle {
  readonly title: string;
  readonly page: string;
}

/**
 * The company name the page titles suggest: the segment most titles share ("About us | Acme" and
 * "Contact | Acme" → "Acme"); with a single page, the first segment of a home page's title and the last
 * of any other ("Meet the X | Acme Blog" → "Acme Blog").
 */
export function titleCompanyName(titles: readonly PageTitle[]): string | undefined {
  const split = (title: string) =>
    title
      .split(/\s+[|–—-]\s+/)
      .map((part) => part.trim())
      .filter((part) => part !== '');
  if (titles.length === 1) {
    const [only] = titles;
    const segments = split(only?.title ?? '');
    const home = /^(?:home|index|\/|https?:\/\/[^/]+\/?)$/i.test(only?.page ?? '');
    return home ? segments[0] : segments.at(-1);
  }
  const counts = new Map<string, number>();
  for (const { title } of titles) {
    for (const segment of new Set(split(title)))
      counts.set(segment, (counts.get(segment) ?? 0) + 1);
  }
  let best: string | undefined;
  let bestCount = 1;
  for (const [segment, count] of counts) {
    if (count > bestCount) {
      best = segment;
      bestCount = count;
    }
  }
  return best;
}
