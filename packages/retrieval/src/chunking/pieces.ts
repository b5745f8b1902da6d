import { BLOCK_SEPARATOR, type Block } from './block.js';
import type { Sizer } from './chunk-options.js';
import { compactRow } from './compact-row.js';

/** A unit the packer puts in chunks whole: a block, or a part of one too long for a chunk. */
export interface Piece {
  readonly text: string;
  /** Its tokens, as the sizer counts them. */
  readonly tokens: number;
  /** What goes before it when it follows another piece in a chunk. */
  readonly separator: string;
}

/** Where a text too long for a chunk is cut, coarsest first, and how its parts are joined again. */
const LEVELS: readonly { readonly split: (text: string) => string[]; readonly joiner: string }[] = [
  { split: (text) => text.split(/\n[ \t]*\n\s*/), joiner: '\n\n' },
  { split: (text) => text.split('\n'), joiner: '\n' },
  { split: (text) => text.split(/(?<=[.!?…。！？])\s+/u), joiner: ' ' },
  { split: (text) => text.split(/\s+/), joiner: ' ' },
];

/** Cuts a text with no cut point left into parts of at most `max` tokens, by characters. */
function cutCharacters(
  text: string,
  separator: string,
  max: number,
  sizer: Sizer,
  out: Piece[],
): void {
  let rest = text;
  let first = true;
  while (rest !== '') {
    const tokens = sizer.countTokens(rest);
    if (tokens <= max) {
      out.push({ text: rest, tokens, separator: first ? separator : '' });
      return;
    }
    let length = Math.max(1, Math.floor((rest.length * max) / tokens));
    while (length > 1 && sizer.countTokens(rest.slice(0, length)) > max) {
      length = Math.max(1, Math.floor(length * 0.9));
    }
    // Never between the two halves of a surrogate pair.
    const code = rest.charCodeAt(length - 1);
    if (code >= 0xd800 && code <= 0xdbff && length < rest.length) length += length > 1 ? -1 : 1;
    const part = rest.slice(0, length);
    out.push({ text: part, tokens: sizer.countTokens(part), separator: first ? separator : '' });
    rest = rest.slice(length);
    first = false;
  }
}

function splitAt(
  text: string,
  level: number,
  separator: string,
  max: number,
  sizer: Sizer,
  out: Piece[],
): void {
  const tokens = sizer.countTokens(text);
  if (tokens <= max) {
    out.push({ text, tokens, separator });
    return;
  }
  const cut = LEVELS[level];
  if (cut === undefined) {
    cutCharacters(text, separator, max, sizer, out);
    return;
  }
  const parts = cut.split(text).filter((part) => part.trim() !== '');
  if (parts.length <= 1) {
    splitAt(text, level + 1, separator, max, sizer, out);
    return;
  }
  parts.forEach((part, index) => {
    splitAt(part, level + 1, index === 0 ? separator : cut.joiner, max, sizer, out);
  });
}

/**
 * A text as pieces of at most `max` tokens: whole when it fits, else cut between paragraphs, then
 * lines, sentences, words, and characters as the last resort. The first piece takes `separator`.
 */
export function splitText(text: string, sizer: Sizer, separator: string, max = sizer.maxTokens) {
  const out: Piece[] = [];
  splitAt(text, 0, separator, max, sizer, out);
  return out;
}

/**
 * A cut code block's or table's parts: lines (rows) grouped as long as `open`, the group and
 * `close` fit in a chunk, each group wrapped in them so that every part is a whole block (a fenced
 * block with its fences, a table with its header). A line too long on its own is cut as text,
 * wrapped too.
 */
function wrappedParts(block: Block, sizer: Sizer): Piece[] {
  const compact = block.compact === true;
  const open = compact
    ? (block.open ?? '').split('\n').map(compactRow).join('\n')
    : (block.open ?? '');
  const close = block.close ?? '';
  const newline = sizer.separatorTokens('\n');
  const overhead =
    (open === '' ? 0 : sizer.countTokens(open) + newline) +
    (close === '' ? 0 : sizer.countTokens(close) + newline);
  const budget = sizer.maxTokens - overhead;
  if (budget < 1) return splitText(block.text, sizer, BLOCK_SEPARATOR);
  const wrap = (lines: readonly string[]): string =>
    [...(open === '' ? [] : [open]), ...lines, ...(close === '' ? [] : [close])].join('\n');
  const out: Piece[] = [];
  const push = (lines: readonly string[]): void => {
    const text = wrap(lines);
    out.push({ text, tokens: sizer.countTokens(text), separator: BLOCK_SEPARATOR });
  };
  let group: string[] = [];
  let tokens = 0;
  for (const part of block.parts ?? []) {
    const line = compact ? compactRow(part) : part;
    const lineTokens = sizer.countTokens(line);
    if (lineTokens > budget) {
      if (group.length > 0) push(group);
      group = [];
      tokens = 0;
      for (const part of splitText(line, sizer, '', budget)) push([part.text]);
      continue;
    }
    if (group.length > 0 && tokens + newline + lineTokens > budget) {
      push(group);
      group = [];
      tokens = 0;
    }
    tokens += (group.length > 0 ? newline : 0) + lineTokens;
    group.push(line);
  }
  if (group.length > 0) push(group);
  return out;
}

/**
 * A block as pieces: itself when it fits a chunk (`tokens` is its count); else a code block or
 * table as whole wrapped parts, a list as its items, any other text cut by {@link splitText}.
 */
export function blockPieces(block: Block, tokens: number, sizer: Sizer): Piece[] {
  if (tokens <= sizer.maxTokens) return [{ text: block.text, tokens, separator: BLOCK_SEPARATOR }];
  if ((block.kind === 'code' || block.kind === 'table') && block.parts !== undefined) {
    return wrappedParts(block, sizer);
  }
  if (block.kind === 'list' && block.parts !== undefined) {
    return block.parts.flatMap((item, index) =>
      splitText(item, sizer, index === 0 ? BLOCK_SEPARATOR : '\n'),
    );
  }
  return splitText(block.text, sizer, BLOCK_SEPARATOR);
}
