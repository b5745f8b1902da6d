import { Parser } from 'htmlparser2';

/** A sitemap's content: page URLs (`<urlset>`) or child sitemaps (`<sitemapindex>`). */
export interface SitemapContent {
  readonly kind: 'urlset' | 'sitemapindex' | 'unknown';
  /** The `<loc>` values, entities decoded, whitespace trimmed, in document order. */
  readonly locs: readonly string[];
}

/**
 * Reads a sitemap (sitemaps.org protocol) with htmlparser2 in XML mode: `<urlset><url><loc>` or
 * `<sitemapindex><sitemap><loc>`, namespace prefixes ignored, entities and CDATA decoded. A document
 * that is neither yields `unknown` with no locations.
 */
export function parseSitemap(xml: string): SitemapContent {
  let kind: SitemapContent['kind'] = 'unknown';
  const locs: string[] = [];
  const stack: string[] = [];
  let text: string | undefined;
  const parser = new Parser(
    {
      onopentag(name) {
        const local = localName(name);
        if (stack.length === 0) {
          if (local === 'urlset') kind = 'urlset';
          else if (local === 'sitemapindex') kind = 'sitemapindex';
        }
        stack.push(local);
        if (local === 'loc') text = '';
      },
      ontext(data) {
        if (text !== undefined) text += data;
      },
      oncdatastart() {
        text ??= undefined;
      },
      onclosetag(name) {
        const local = localName(name);
        stack.pop();
        if (local === 'loc' && text !== undefined) {
          const parent = stack.at(-1);
          const value = text.trim();
          if (value !== '' && (parent === 'url' || parent === 'sitemap')) locs.push(value);
          text = undefined;
        }
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  );
  parser.write(xml);
  parser.end();
  return { kind, locs: kind === 'unknown' ? [] : locs };
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
}
