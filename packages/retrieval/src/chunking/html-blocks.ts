import { createRequire } from 'node:module';
import type { Parser as HtmlParser } from 'htmlparser2';
import type { Block } from './block.js';

let parserClass: typeof HtmlParser | undefined;

/**
 * htmlparser2's streaming parser, loaded at the first HTML chunking (synchronously, as the chunkers
 * are), so importing the package costs nothing for it.
 */
function htmlParser(): typeof HtmlParser {
  parserClass ??= (createRequire(import.meta.url)('htmlparser2') as typeof import('htmlparser2'))
    .Parser;
  return parserClass;
}

/** Elements whose content is never text of the page. */
const HIDDEN = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'iframe',
  'object',
  'canvas',
  'nav',
  'aside',
  'form',
  'button',
  'select',
  'textarea',
  'dialog',
]);

/** Elements that are page furniture when outside the main content (inside it they are kept). */
const FURNITURE = new Set(['header', 'footer']);

/** Elements that end the text before them and start a new block. */
const BREAKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'footer',
  'blockquote',
  'dl',
  'dt',
  'dd',
  'figure',
  'figcaption',
  'address',
  'details',
  'summary',
  'hr',
  'center',
  'fieldset',
  'legend',
]);

const HEADING = /^h([1-6])$/;

/** Which element holds the main content: `<main>`, else `role="main"`, else `<article>`s, else `<body>`. */
type Capture = 'main' | 'role' | 'article' | 'body';

function captureOf(html: string): Capture {
  if (/<main[\s>]/i.test(html)) return 'main';
  if (/\srole\s*=\s*["']?main\b/i.test(html)) return 'role';
  if (/<article[\s>]/i.test(html)) return 'article';
  return 'body';
}

/**
 * A text's runs of spaces as one and its lines trimmed, blank lines dropped. Source whitespace was
 * made spaces as it was read (see `ontext`), so its line breaks are the `<br>`s.
 */
function collapse(text: string): string {
  if (!text.includes('\n')) return text.replace(/ {2,}/g, ' ').trim();
  return text
    .split('\n')
    .map((line) => line.replace(/ {2,}/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

interface TableState {
  readonly rows: string[];
  /** The text of the `<caption>` being read. */
  caption: string | undefined;
  /** The caption's text once read, put before the table. */
  captionText: string;
  row: string[] | undefined;
  cell: string | undefined;
  headerRow: boolean;
  firstRowIsHeader: boolean | undefined;
}

interface ListState {
  readonly items: string[];
  readonly ordered: boolean[];
  readonly counters: number[];
}

/**
 * An HTML page's blocks, by htmlparser2: the main content only (`<main>`, an element with
 * `role="main"`, the `<article>`s, else `<body>` without its header, footer, navigation and
 * asides), never scripts, styles, forms or other hidden elements. `h1`–`h6` are headings (their
 * text makes the heading path); `pre` is a code block cut between lines; a table is its rows
 * (`cell | cell`), cut between rows under its header row; a list is its items (`- item`, `1. item`);
 * any other text is a paragraph, whitespace collapsed, `<br>` kept as a line break.
 */
export function htmlBlocks(html: string): Block[] {
  const capture = captureOf(html);
  const blocks: Block[] = [];
  let depth = 0;
  /** The depth of the main-content element while inside it. */
  let capturedAt: number | undefined = capture === 'body' ? 0 : undefined;
  let hiddenAt: number | undefined;
  let text = '';
  let heading: { level: number; text: string } | undefined;
  let pre: string | undefined;
  let preDepth = 0;
  let table: TableState | undefined;
  let tableDepth = 0;
  let list: ListState | undefined;
  let itemText: string | undefined;

  const inside = (): boolean => capturedAt !== undefined && hiddenAt === undefined;
  const flushText = (): void => {
    if (text === '' || !/\S/.test(text)) {
      text = '';
      return;
    }
    const value = collapse(text);
    text = '';
    if (value !== '') blocks.push({ kind: 'text', text: value });
  };
  const flushItem = (): void => {
    if (list === undefined || itemText === undefined) return;
    const value = collapse(itemText).replace(/\n/g, ' ');
    itemText = undefined;
    if (value === '') return;
    const level = list.ordered.length - 1;
    const ordered = list.ordered[level] === true;
    const number = (list.counters[level] ?? 0) + 1;
    list.counters[level] = number;
    list.items.push(`${'  '.repeat(Math.max(0, level))}${ordered ? `${number}.` : '-'} ${value}`);
  };
  const append = (value: string): void => {
    if (heading !== undefined) heading.text += value;
    else if (pre !== undefined) pre += value;
    else if (table?.cell !== undefined) table.cell += value;
    else if (table?.caption !== undefined) table.caption += value;
    else if (itemText !== undefined) itemText += value;
    else text += value;
  };

  const parser = new (htmlParser())(
    {
      onopentag(name, attributes) {
        depth++;
        if (capturedAt === undefined) {
          const opens =
            (capture === 'main' && name === 'main') ||
            (capture === 'role' && attributes.role === 'main') ||
            (capture === 'article' && name === 'article');
          if (opens) capturedAt = depth;
          return;
        }
        if (hiddenAt !== undefined) return;
        if (HIDDEN.has(name) || (capture === 'body' && FURNITURE.has(name))) {
          hiddenAt = depth;
          return;
        }
        if (name === 'br') {
          append('\n');
          return;
        }
        const level = HEADING.exec(name)?.[1];
        if (level !== undefined && pre === undefined && table === undefined) {
          flushItem();
          flushText();
          heading = { level: Number(level), text: '' };
        } else if (name === 'pre' && table === undefined) {
          if (pre === undefined) {
            flushItem();
            flushText();
            pre = '';
          }
          preDepth++;
        } else if (name === 'table') {
          if (tableDepth === 0) {
            flushItem();
            flushText();
            table = {
              rows: [],
              caption: undefined,
              captionText: '',
              row: undefined,
              cell: undefined,
              headerRow: false,
              firstRowIsHeader: undefined,
            };
          }
          tableDepth++;
        } else if (table !== undefined && tableDepth === 1) {
          if (name === 'tr') {
            table.row = [];
            table.headerRow = false;
          } else if (name === 'caption') {
            table.caption = '';
          } else if (name === 'td' || name === 'th') {
            table.cell = '';
            if (name === 'th') table.headerRow = true;
          }
        } else if ((name === 'ul' || name === 'ol') && table === undefined && pre === undefined) {
          flushItem();
          if (list === undefined) {
            flushText();
            list = { items: [], ordered: [], counters: [] };
          }
          list.ordered.push(name === 'ol');
          list.counters.push(0);
        } else if (name === 'li' && list !== undefined) {
          flushItem();
          itemText = '';
        } else if (BREAKS.has(name) && pre === undefined && table === undefined) {
          if (itemText !== undefined) itemText += '\n';
          else flushText();
        }
      },
      ontext(value) {
        // Outside `pre`, HTML whitespace (line breaks of the source included) is a space.
        if (inside()) append(pre === undefined ? value.replace(/\s+/g, ' ') : value);
      },
      onclosetag(name) {
        const closing = depth;
        depth--;
        if (capturedAt === undefined) return;
        if (hiddenAt !== undefined) {
          if (closing === hiddenAt) hiddenAt = undefined;
          return;
        }
        if (closing === capturedAt && capture !== 'body') {
          flushItem();
          flushText();
          capturedAt = undefined;
          return;
        }
        if (heading !== undefined && HEADING.test(name)) {
          const title = collapse(heading.text).replace(/\n/g, ' ');
          if (title !== '')
            blocks.push({ kind: 'heading', text: title, level: heading.level, title });
          heading = undefined;
        } else if (name === 'pre' && pre !== undefined) {
          preDepth--;
          if (preDepth === 0) {
            const code = pre.replace(/^\n/, '').trimEnd();
            pre = undefined;
            if (code.trim() !== '')
              blocks.push({ kind: 'code', text: code, parts: code.split('\n') });
          }
        } else if (name === 'table' && table !== undefined) {
          tableDepth--;
          if (tableDepth === 0) {
            const rows = table.rows;
            const header = table.firstRowIsHeader === true;
            const caption = table.captionText;
            table = undefined;
            if (caption !== '') blocks.push({ kind: 'text', text: caption });
            if (rows.length > 0) {
              blocks.push({
                kind: 'table',
                text: rows.join('\n'),
                ...(header ? { open: rows[0] as string } : {}),
                parts: header ? rows.slice(1) : rows,
              });
            }
          }
        } else if (table !== undefined && tableDepth === 1) {
          if (name === 'caption' && table.caption !== undefined) {
            table.captionText = collapse(table.caption).replace(/\n/g, ' ');
            table.caption = undefined;
          } else if ((name === 'td' || name === 'th') && table.cell !== undefined) {
            table.row?.push(collapse(table.cell).replace(/\n/g, ' '));
            table.cell = undefined;
          } else if (name === 'tr' && table.row !== undefined) {
            if (table.row.some((cell) => cell !== '')) {
              table.firstRowIsHeader ??= table.headerRow;
              table.rows.push(table.row.join(' | '));
            }
            table.row = undefined;
          }
        } else if ((name === 'ul' || name === 'ol') && list !== undefined) {
          flushItem();
          list.ordered.pop();
          list.counters.pop();
          if (list.ordered.length === 0) {
            const items = list.items;
            list = undefined;
            if (items.length > 0)
              blocks.push({ kind: 'list', text: items.join('\n'), parts: items });
          }
        } else if (name === 'li') {
          flushItem();
        } else if (BREAKS.has(name) && pre === undefined && table === undefined) {
          if (itemText !== undefined) itemText += '\n';
          else flushText();
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flushItem();
  flushText();
  return blocks;
}
