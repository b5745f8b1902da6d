import { BLOCK_SEPARATOR, type Block } from './block.js';
import type { Sizer } from './chunk-options.js';
import { packPieces } from './pack-pieces.js';
import { blockPieces, type Piece } from './pieces.js';

/** A heading and what it covers: its own blocks (the heading first), then its subsections. */
interface Section {
  readonly headings: readonly string[];
  readonly level: number;
  readonly blocks: Block[];
  readonly blockTokens: number[];
  readonly children: Section[];
  /** The section's tokens when it is one chunk: every block, separators between. */
  tokens: number;
}

/** Pieces in a chunk, and the heading path of the chunk. */
export interface PieceGroup {
  readonly headings: readonly string[];
  readonly pieces: readonly Piece[];
}

function newSection(headings: readonly string[], level: number): Section {
  return { headings, level, blocks: [], blockTokens: [], children: [], tokens: 0 };
}

/** The section tree of a document's blocks: a heading of level n closes the sections of level ≥ n. */
function sectionTree(blocks: readonly Block[], sizer: Sizer): Section {
  const root = newSection([], 0);
  const stack: Section[] = [root];
  for (const block of blocks) {
    if (block.kind === 'heading') {
      const level = block.level ?? 1;
      while ((stack.at(-1) as Section).level >= level) stack.pop();
      const parent = stack.at(-1) as Section;
      const section = newSection([...parent.headings, block.title ?? block.text], level);
      parent.children.push(section);
      stack.push(section);
    }
    const current = stack.at(-1) as Section;
    current.blocks.push(block);
    current.blockTokens.push(sizer.countTokens(block.text));
  }
  measure(root, sizer.separatorTokens(BLOCK_SEPARATOR));
  return root;
}

/** Sets each section's tokens, bottom-up; returns how many blocks it holds in all. */
function measure(section: Section, separator: number): number {
  let blocks = section.blocks.length;
  let tokens = 0;
  for (const count of section.blockTokens) tokens += count;
  for (const child of section.children) {
    blocks += measure(child, separator);
    tokens += child.tokens;
  }
  section.tokens = tokens + Math.max(0, blocks - 1) * separator;
  return blocks;
}

/** Every block of a section as one piece each, in document order. */
function wholePieces(section: Section, out: Piece[]): void {
  section.blocks.forEach((block, index) => {
    out.push({
      text: block.text,
      tokens: section.blockTokens[index] as number,
      separator: BLOCK_SEPARATOR,
    });
  });
  for (const child of section.children) wholePieces(child, out);
}

/** What the chunks of a section too long for one are made of: its own blocks, or a subsection. */
interface Unit {
  readonly section: Section;
  /** The section's own blocks only (its intro), not the whole section. */
  readonly own: boolean;
  readonly tokens: number;
}

function unitPieces(unit: Unit, out: Piece[]): void {
  if (!unit.own) {
    wholePieces(unit.section, out);
    return;
  }
  unit.section.blocks.forEach((block, index) => {
    out.push({
      text: block.text,
      tokens: unit.section.blockTokens[index] as number,
      separator: BLOCK_SEPARATOR,
    });
  });
}

/**
 * The chunks of a section: the whole section when it fits; else its units in order — its own
 * blocks and each subsection — consecutive units grouped while they fit together (under the
 * section's heading path, or the subsection's when it is alone), a unit too long alone cut: its
 * own blocks packed into chunks, a subsection by the same rule. A section's heading alone (no text
 * of its own) that fits with none of its subsections is in their heading paths, not a chunk.
 */
function emit(section: Section, sizer: Sizer, separator: number, out: PieceGroup[]): void {
  // A section that is only one subsection (a document under one title) is that subsection.
  const [only] = section.children;
  if (section.blocks.length === 0 && section.children.length === 1 && only !== undefined) {
    emit(only, sizer, separator, out);
    return;
  }
  if (section.tokens <= sizer.maxTokens) {
    const pieces: Piece[] = [];
    wholePieces(section, pieces);
    if (pieces.length > 0) out.push({ headings: section.headings, pieces });
    return;
  }
  const units: Unit[] = [];
  if (section.blocks.length > 0) {
    let tokens = Math.max(0, section.blocks.length - 1) * separator;
    for (const count of section.blockTokens) tokens += count;
    units.push({ section, own: true, tokens });
  }
  for (const child of section.children)
    units.push({ section: child, own: false, tokens: child.tokens });
  let group: Unit[] = [];
  let groupTokens = 0;
  const flush = (): void => {
    if (group.length === 0) return;
    // A heading with nothing of its own that cannot share a chunk with its first subsection is
    // left to the heading paths of its subsections: a chunk of a lone heading finds nothing.
    const lone = group.length === 1 ? (group[0] as Unit) : undefined;
    if (lone?.own === true && section.blocks.every((block) => block.kind === 'heading')) {
      group = [];
      groupTokens = 0;
      return;
    }
    const pieces: Piece[] = [];
    for (const unit of group) unitPieces(unit, pieces);
    out.push({
      headings: lone !== undefined && !lone.own ? lone.section.headings : section.headings,
      pieces,
    });
    group = [];
    groupTokens = 0;
  };
  for (const unit of units) {
    if (unit.tokens > sizer.maxTokens) {
      flush();
      if (unit.own) {
        const pieces = section.blocks.flatMap((block, index) =>
          blockPieces(block, section.blockTokens[index] as number, sizer),
        );
        for (const packed of packPieces(pieces, sizer)) {
          out.push({ headings: section.headings, pieces: packed });
        }
      } else emit(unit.section, sizer, separator, out);
      continue;
    }
    if (group.length > 0 && groupTokens + separator + unit.tokens > sizer.maxTokens) flush();
    groupTokens += (group.length > 0 ? separator : 0) + unit.tokens;
    group.push(unit);
  }
  flush();
}

/**
 * Groups a document's blocks into chunks by its headings (see {@link emit}): a chunk never mixes
 * two sections unless it holds them whole, and carries the heading path of what it holds.
 */
export function sectionChunks(blocks: readonly Block[], sizer: Sizer): PieceGroup[] {
  const out: PieceGroup[] = [];
  emit(sectionTree(blocks, sizer), sizer, sizer.separatorTokens(BLOCK_SEPARATOR), out);
  return out;
}
