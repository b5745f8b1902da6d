import { createRequire } from 'node:module';
import type MarkdownIt from 'markdown-it';
import type { Block } from './block.js';

/** A token of markdown-it's parse. */
type Token = ReturnType<MarkdownIt['parse']>[number];

let parser: MarkdownIt | undefined;

/**
 * markdown-it with GFM tables and raw HTML blocks, block rules only: the chunker needs where blocks
 * start and end, never their inline markup, which is most of a full parse's time. Loaded at the
 * first markdown chunking (synchronously, as the chunkers are), so importing the package costs
 * nothing for it.
 */
function blockParser(): MarkdownIt {
  if (parser === undefined) {
    const load = createRequire(import.meta.url)('markdown-it') as typeof MarkdownIt;
    parser = load('default', { html: true });
    parser.core.ruler.enableOnly(['block']);
  }
  return parser;
}

/** A heading's inline markdown as plain text: links and images as their text, no emphasis or code marks. */
export function plainHeading(inline: string): string {
  return inline
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`+/g, '')
    .replace(/(\*\*|__|\*|~~)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The front matter (`---` … `---` at the very start) as a block of its own, and where the rest starts. */
function frontMatter(text: string): { block: Block | undefined; rest: number } {
  const match = /^---[ \t]*\n[\s\S]*?\n(?:---|\.\.\.)[ \t]*(?:\n|$)/.exec(text);
  if (match === null) return { block: undefined, rest: 0 };
  return { block: { kind: 'text', text: match[0].trimEnd() }, rest: match[0].length };
}

/**
 * A markdown document's blocks, by markdown-it's block parse (CommonMark with GFM tables): each
 * top-level block as its source lines — headings with their level and plain text, fenced code with
 * its fences and lines, tables with their header and rows, lists with their items — so a chunk can
 * be cut between blocks, lines of code, table rows or list items, never inside a fence or a row.
 */
export function markdownBlocks(source: string): Block[] {
  // markdown-it's own normalisation (its `normalize` rule) is off: it scans the whole text twice.
  let normalized = source.includes('\r') ? source.replace(/\r\n?/g, '\n') : source;
  if (normalized.includes('\u0000')) normalized = normalized.replaceAll('\u0000', '\uFFFD');
  const { block: front, rest } = frontMatter(normalized);
  const text = rest === 0 ? normalized : normalized.slice(rest);
  const lineStarts = [0];
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    lineStarts.push(index + 1);
  }
  const lines = (from: number, to: number): string =>
    text
      .slice(
        lineStarts[from] ?? text.length,
        to < lineStarts.length ? (lineStarts[to] as number) : text.length,
      )
      .trimEnd();
  const tokens = blockParser().parse(text, {});
  const blocks: Block[] = front === undefined ? [] : [front];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    if (token.level !== 0 || token.nesting === -1 || token.map === null) continue;
    const [from, to] = token.map;
    const raw = lines(from, to);
    if (raw.trim() === '') continue;
    switch (token.type) {
      case 'heading_open':
        blocks.push({
          kind: 'heading',
          text: raw,
          level: Number(token.tag.slice(1)),
          title: plainHeading(tokens[index + 1]?.content ?? raw),
        });
        break;
      case 'fence': {
        const all = raw.split('\n');
        const open = all[0] as string;
        const fence = /^\s*([`~]{3,})/.exec(open)?.[1] ?? token.markup;
        const last = all.at(-1) as string;
        const closed =
          all.length > 1 && last.trim().startsWith(fence) && /^\s*[`~]+\s*$/.test(last);
        blocks.push({
          kind: 'code',
          text: closed ? raw : `${raw}\n${fence}`,
          open,
          close: closed ? last : fence,
          parts: all.slice(1, closed ? -1 : undefined),
        });
        break;
      }
      case 'code_block':
        blocks.push({ kind: 'code', text: raw, parts: raw.split('\n') });
        break;
      case 'table_open': {
        const all = raw.split('\n');
        blocks.push({
          kind: 'table',
          text: raw,
          open: all.slice(0, 2).join('\n'),
          parts: all.slice(2),
          compact: true,
        });
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const items: string[] = [];
        for (let inner = index + 1; inner < tokens.length; inner++) {
          const item = tokens[inner] as Token;
          if (item.level === 0) break;
          if (item.type === 'list_item_open' && item.level === 1 && item.map !== null) {
            const itemText = lines(item.map[0], item.map[1]);
            if (itemText.trim() !== '') items.push(itemText);
          }
        }
        blocks.push({ kind: 'list', text: raw, parts: items });
        break;
      }
      default:
        blocks.push({ kind: 'text', text: raw });
    }
  }
  return blocks;
}
