import { Parser } from 'htmlparser2';
import { normalizeUrl } from './normalize-url.js';

const SKIPPED = /^(?:#|javascript:|mailto:|tel:|data:|about:|blob:)/i;

/**
 * The links of an HTML page: `href`s of `<a>`, `<area>` and `<link rel=alternate|canonical|next|prev>`,
 * resolved against `<base href>` (else the page URL), fragments removed, normalised and deduplicated
 * in document order. `#…`, `javascript:`, `mailto:`, `tel:` and `data:` links are skipped.
 */
export function extractPageLinks(html: string, pageUrl: string): string[] {
  let base: string = pageUrl;
  let sawBase = false;
  const raw: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const href = attributes.href?.trim();
        if (name === 'base' && !sawBase && href) {
          const resolved = normalizeUrl(href, pageUrl);
          if (resolved !== undefined) base = resolved;
          sawBase = true;
          return;
        }
        if (href === undefined || href === '' || SKIPPED.test(href)) return;
        if (name === 'a' || name === 'area') raw.push(href);
        else if (
          name === 'link' &&
          /\b(?:alternate|canonical|next|prev)\b/i.test(attributes.rel ?? '')
        ) {
          raw.push(href);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const links = new Set<string>();
  for (const href of raw) {
    const url = normalizeUrl(href, base);
    if (url !== undefined) links.add(url);
  }
  return [...links];
}
