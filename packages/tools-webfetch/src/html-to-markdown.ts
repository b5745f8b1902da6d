import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

type LinkedDocument = ReturnType<typeof parseHTML>['document'];
type LinkedElement = NonNullable<ReturnType<LinkedDocument['querySelector']>>;

/** What a page became. */
export interface PageMarkdown {
  /** The page's title (`<title>`, or what Readability found), when it has one. */
  readonly title: string | undefined;
  /** The main content as Markdown, links made absolute. */
  readonly markdown: string;
}

/** Elements that never carry content a reader wants. */
const NEVER_CONTENT =
  'script, style, noscript, template, iframe, object, embed, canvas, svg, link, meta';
/** Page furniture dropped when Readability finds no article and the whole body is used. */
const FURNITURE =
  'nav, header, footer, aside, form, dialog, [role="navigation"], [role="banner"], [role="contentinfo"], [role="complementary"], [aria-hidden="true"]';

/**
 * Turns an HTML page into Markdown of its main content: relative links and images are resolved against
 * the page's `<base href>` (or its URL), scripts, styles and embeds are removed, Mozilla Readability
 * (Firefox Reader View) picks the article, and Turndown writes CommonMark-style Markdown (`#` headings,
 * `-` lists, fenced code, `[text](url)` links). A page Readability finds no article in (a short home
 * page) falls back to its `<body>` without navigation, header, footer, asides and forms.
 */
export function htmlToMarkdown(html: string, pageUrl: string): PageMarkdown {
  const { document } = parseHTML(html);
  const base = baseUrlOf(document, pageUrl);
  for (const element of document.querySelectorAll(NEVER_CONTENT)) element.remove();
  for (const element of document.querySelectorAll('[class], [id], [hidden]')) {
    if (isClutter(element)) element.remove();
  }
  absolutize(document, base);
  const pageTitle = document.querySelector('title')?.textContent?.trim() || undefined;

  let title = pageTitle;
  let contentHtml: string | undefined;
  const fallbackBody = document.body?.cloneNode(true) as LinkedElement | undefined;
  try {
    const article = new Readability(
      document as unknown as ConstructorParameters<typeof Readability>[0],
      {
        charThreshold: 250,
        keepClasses: false,
      },
    ).parse();
    if (article?.content && (article.textContent ?? '').trim().length >= 100) {
      contentHtml = article.content;
      title = article.title?.trim() || pageTitle;
    }
  } catch {
    // Readability gave up on an odd document: use the body below.
  }
  if (contentHtml === undefined) {
    if (fallbackBody !== undefined) {
      for (const element of fallbackBody.querySelectorAll(FURNITURE)) element.remove();
      contentHtml = fallbackBody.innerHTML;
    } else {
      contentHtml = '';
    }
  }
  let markdown = tidy(turndown().turndown(contentHtml));
  if (title !== undefined && !markdown.startsWith('# ')) {
    markdown = markdown === '' ? `# ${title}` : `# ${title}\n\n${markdown}`;
  }
  return { title, markdown };
}

function turndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    hr: '---',
  });
  service.remove(['script', 'style', 'noscript', 'iframe']);
  // A link without text (an icon) is noise to a reader; an image keeps its alt text.
  service.addRule('emptyLink', {
    filter: (node) =>
      node.nodeName === 'A' && (node.textContent ?? '').trim() === '' && !node.querySelector('img'),
    replacement: () => '',
  });
  return service;
}

/** Class or id words of advertising, sponsorship, cookie banners and newsletter boxes. */
const CLUTTER_WORD =
  /^(?:ad|ads|advert|adverts|advertisement|sponsor|sponsored|promo|cookie|cookies|newsletter|popup|modal)$/;

/**
 * True for an element that is page clutter rather than content: `hidden`, or a class or id made of
 * words like `ad`, `ad-slot`, `sponsored`, `cookie-banner`, `newsletter-inline` (each word of a
 * `-`/`_`-separated token is checked, so `header` or `download` never match).
 */
function isClutter(element: LinkedElement): boolean {
  if (element.hasAttribute('hidden')) return true;
  const names = `${element.getAttribute('class') ?? ''} ${element.getAttribute('id') ?? ''}`;
  for (const token of names.toLowerCase().split(/\s+/)) {
    if (token === '') continue;
    if (token.split(/[-_]/).some((word) => CLUTTER_WORD.test(word))) return true;
  }
  return false;
}

/** `<base href>` resolved against the page URL, else the page URL. */
function baseUrlOf(document: LinkedDocument, pageUrl: string): URL {
  const page = new URL(pageUrl);
  const href = document.querySelector('base[href]')?.getAttribute('href');
  if (href) {
    try {
      const base = new URL(href, page);
      if (base.protocol === 'http:' || base.protocol === 'https:') return base;
    } catch {
      // An unusable <base>: the page URL stands.
    }
  }
  return page;
}

/** Rewrites `a[href]`, `img[src]` to absolute URLs; `javascript:` links lose their href. */
function absolutize(document: LinkedDocument, base: URL): void {
  for (const [selector, attribute] of [
    ['a[href]', 'href'],
    ['img[src]', 'src'],
  ] as const) {
    for (const element of document.querySelectorAll(selector)) {
      const value = element.getAttribute(attribute)?.trim() ?? '';
      if (/^javascript:/i.test(value)) {
        element.removeAttribute(attribute);
        continue;
      }
      if (value.startsWith('#') || value === '') continue;
      try {
        element.setAttribute(attribute, new URL(value, base).href);
      } catch {
        element.removeAttribute(attribute);
      }
    }
  }
}

/** Trailing spaces off, at most one blank line in a row, no blank lines at either end. */
function tidy(markdown: string): string {
  return markdown
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
