import { SLASH, STAR } from './json-characters.js';

// Comments between tokens, as JavaScript writes them: where a comment read stands.
export const NO_COMMENT = 0;
export const COMMENT_START = 1; // a `/`
const LINE_COMMENT = 2;
const BLOCK_COMMENT = 3;
const BLOCK_COMMENT_STAR = 4; // a `*` inside a block comment

/** The comment state after `code`, or -1 when a `/` did not start a comment. */
export function nextCommentState(state: number, code: number): number {
  switch (state) {
    case COMMENT_START:
      if (code === SLASH) return LINE_COMMENT;
      return code === STAR ? BLOCK_COMMENT : -1;
    case LINE_COMMENT:
      return code === 0x0a || code === 0x0d ? NO_COMMENT : LINE_COMMENT;
    case BLOCK_COMMENT:
      return code === STAR ? BLOCK_COMMENT_STAR : BLOCK_COMMENT;
    default:
      if (code === SLASH) return NO_COMMENT;
      return code === STAR ? BLOCK_COMMENT_STAR : BLOCK_COMMENT;
  }
}
