import { Parser } from 'htmlparser2';

/** An `<a>` element: its `href` and text. */
export interface PageLink {
  readonly href: string;
  readonly text: string;
}

/** An `<img>` element. */
export interface PageImage {
  readonly src: string;
  readonly alt: string;
  readonly classAndId: string;
}

/** What the extractors read from one page; the page is parsed once. */
export interface ParsedPage {
  readonly title: string;
  /** Every JSON-LD value (`<script type="application/ld+json">`), parsed; broken blocks are skipped. */
  readonly jsonLd: readonly unknown[];
  /** `<meta name|property>` → `content` (lower-case keys; the first wins). */
  readonly meta: ReadonlyMap<string, string>;
  /** `<link rel href>` pairs, rel lower-cased. */
  readonly links: readonly { readonly rel: string; readonly href: string }[];
  readonly anchors: readonly PageLink[];
  readonly images: readonly PageImage[];
  /** The text of each `<address>` element, whitespace collapsed. */
  readonly addresses: readonly string[];
  /** Visible text (no script, style, noscript, template), one line per block element. */
  readonly text: string;
}

const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head']);
const BLOCK = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'tr',
  'td',
  'th',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'section',
  'article',
  'header',
  'footer',
  'nav',
  'main',
  'aside',
  'address',
  'table',
  'dd',
  'dt',
  'title',
  'form',
  'label',
  'blockquote',
]);

/** Parses an HTML page with htmlparser2 into what the extractors need. */
export function parsePage(html: string): ParsedPage {
  const jsonLd: unknown[] = [];
  const meta = new Map<string, string>();
  const links: { rel: string; href: string }[] = [];
  const anchors: PageLink[] = [];
  const images: PageImage[] = [];
  const addresses: string[] = [];
  const textParts: string[] = [];
  let title = '';
  let hiddenDepth = 0;
  let jsonLdText: string | undefined;
  let inTitle = false;
  let anchor: { href: string; text: string } | undefined;
  let address: string | undefined;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script') {
          const type = (attributes.type ?? '').trim().toLowerCase();
          if (type === 'application/ld+json') jsonLdText = '';
        }
        if (name === 'title') inTitle = true;
        if (HIDDEN.has(name)) hiddenDepth += 1;
        if (BLOCK.has(name)) textParts.push('\n');
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? attributes.itemprop ?? '')
            .trim()
            .toLowerCase();
          const content = attributes.content?.trim();
          if (key !== '' && content !== undefined && content !== '' && !meta.has(key))
            meta.set(key, content);
        } else if (name === 'link' && attributes.href) {
          links.push({
            rel: (attributes.rel ?? '').trim().toLowerCase(),
            href: attributes.href.trim(),
          });
        } else if (name === 'a' && attributes.href !== undefined) {
          anchor = { href: attributes.href.trim(), text: '' };
        } else if (name === 'img' && attributes.src) {
          images.push({
            src: attributes.src.trim(),
            alt: attributes.alt ?? '',
            classAndId: `${attributes.class ?? ''} ${attributes.id ?? ''}`.trim(),
          });
        } else if (name === 'address') {
          address = '';
        }
      },
      ontext(data) {
        if (jsonLdText !== undefined) {
          jsonLdText += data;
          return;
        }
        if (inTitle) title += data;
        if (hiddenDepth > 0) return;
        textParts.push(data);
        if (anchor !== undefined) anchor.text += data;
        if (address !== undefined) address += data;
      },
      onclosetag(name) {
        if (name === 'script' && jsonLdText !== undefined) {
          const parsed = parseJson(jsonLdText);
          if (parsed !== undefined) jsonLd.push(parsed);
          jsonLdText = undefined;
        }
        if (name === 'title') inTitle = false;
        if (HIDDEN.has(name)) hiddenDepth = Math.max(0, hiddenDepth - 1);
        if (BLOCK.has(name)) textParts.push('\n');
        if (name === 'br' && address !== undefined) address += ', ';
        if (name === 'a' && anchor !== undefined) {
          anchors.push({ href: anchor.href, text: collapse(anchor.text) });
          anchor = undefined;
        }
        if (name === 'address' && address !== undefined) {
          const text = collapse(address)
            .replace(/\s*,\s*(,\s*)+/g, ', ')
            .replace(/^,\s*|,\s*$/g, '');
          if (text !== '') addresses.push(text);
          address = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const text = textParts
    .join('')
    .split('\n')
    .map(collapse)
    .filter((line) => line !== '')
    .join('\n');
  return { title: collapse(title), jsonLd, meta, links, anchors, images, addresses, text };
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.trim());
  } catch {
    return undefined;
  }
}
