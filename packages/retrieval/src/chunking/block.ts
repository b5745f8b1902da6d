/**
 * What a chunker reads a document as: a sequence of blocks (a heading, a paragraph, a code block, a
 * table, a list) in document order. The markdown and HTML readers make them; the section tree and
 * the packer turn them into chunks.
 */
export interface Block {
  readonly kind: 'text' | 'heading' | 'code' | 'table' | 'list';
  /** The block as it reads in the chunk: the markdown source, or the text of an HTML element. */
  readonly text: string;
  /** A heading's level, 1–6. */
  readonly level?: number;
  /** A heading's plain text, as the heading path shows it. */
  readonly title?: string;
  /**
   * The parts a block too long for one chunk is cut between: a code block's lines, a table's rows
   * (after `header`), a list's items.
   */
  readonly parts?: readonly string[];
  /** What every part of a cut code block or table repeats: its opening fence, its header rows. */
  readonly open?: string;
  /** What closes every part of a cut code block: its closing fence. */
  readonly close?: string;
  /**
   * A markdown table's: when it is cut, each part repeats its header, so `open` and `parts` lose
   * the padding that aligns the columns in the source (`compactRow`), which can take a chunk's
   * worth of tokens on its own.
   */
  readonly compact?: boolean;
}

/** The separator between two blocks in a chunk. */
export const BLOCK_SEPARATOR = '\n\n';
