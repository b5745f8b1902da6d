import { describe, expect, it } from 'vitest';
import { splitThink, ThinkSplitter } from './think-splitter.js';

/** Splits `text` at pseudo-random points (fixed seed) and runs the streaming splitter. */
function splitInPieces(text: string, seed: number): { content: string; reasoning: string } {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  let content = '';
  let reasoning = '';
  const splitter = new ThinkSplitter({
    content: (t) => {
      content += t;
    },
    reasoning: (t) => {
      reasoning += t;
    },
  });
  let index = 0;
  while (index < text.length) {
    const size = 1 + Math.floor(random() * 5);
    splitter.push(text.slice(index, index + size));
    index += size;
  }
  splitter.end();
  return { content, reasoning };
}

const cases: { name: string; text: string; content: string; reasoning: string }[] = [
  { name: 'no block', text: 'Hello there', content: 'Hello there', reasoning: '' },
  {
    name: 'a DeepSeek-R1 style block',
    text: '<think>\nThe user greets me.\nI greet back.\n</think>\n\nHello!',
    content: 'Hello!',
    reasoning: 'The user greets me.\nI greet back.',
  },
  {
    name: 'leading whitespace before the block',
    text: '\n  <think>x</think>answer',
    content: 'answer',
    reasoning: 'x',
  },
  {
    name: 'an unclosed block is all reasoning',
    text: '<think>still thinking about </thi',
    content: '',
    reasoning: 'still thinking about </thi',
  },
  {
    name: 'a tag that is not at the start is content',
    text: 'Use <think>tags</think> like this.',
    content: 'Use <think>tags</think> like this.',
    reasoning: '',
  },
  {
    name: 'a look-alike tag is content',
    text: '<thinking>no</thinking>',
    content: '<thinking>no</thinking>',
    reasoning: '',
  },
  { name: 'a prefix of the tag only', text: '<thi', content: '<thi', reasoning: '' },
  { name: 'whitespace only', text: '  \n', content: '  \n', reasoning: '' },
  {
    name: 'an empty block',
    text: '<think>\n\n</think>\n\nAnswer',
    content: 'Answer',
    reasoning: '',
  },
  {
    name: 'a second block is content',
    text: '<think>a</think>b<think>c</think>',
    content: 'b<think>c</think>',
    reasoning: 'a',
  },
  {
    name: 'inner whitespace survives',
    text: '<think>one\n\ntwo  </think>  three  ',
    content: 'three  ',
    reasoning: 'one\n\ntwo',
  },
];

describe('ThinkSplitter', () => {
  for (const testCase of cases) {
    it(`splits ${testCase.name}, whole and in random pieces`, () => {
      expect(splitThink(testCase.text)).toEqual({
        content: testCase.content,
        reasoning: testCase.reasoning,
      });
      for (let seed = 1; seed <= 25; seed++) {
        expect(splitInPieces(testCase.text, seed)).toEqual({
          content: testCase.content,
          reasoning: testCase.reasoning,
        });
      }
    });
  }

  it('passes fragments straight through once the text does not open with a block', () => {
    const seen: string[] = [];
    const splitter = new ThinkSplitter({ content: (t) => seen.push(t), reasoning: () => {} });
    splitter.push('Hi');
    splitter.push(' there');
    splitter.push('<think>');
    expect(seen).toEqual(['Hi', ' there', '<think>']);
  });
});
