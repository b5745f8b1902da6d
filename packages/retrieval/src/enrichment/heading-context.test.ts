import { ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { chunkMarkdown } from '../chunking/chunk-markdown.js';
import { headingContext, headingPath } from './heading-context.js';

describe('headingContext', () => {
  it('gives each chunk the title and its heading path, the first heading left out when it is the title', async () => {
    const document = {
      id: 'returns',
      title: 'Refund Policy',
      text: '# Refund policy\n\nIntro.\n\n## Refunds\n\nRefunds accepted within 30 days.',
    };
    const chunks = chunkMarkdown(document, { maxTokens: 12 });
    const { contexts, usage, cost } = await headingContext().enrich(document, chunks, {});
    expect(contexts).toEqual(['Refund Policy', 'Refund Policy > Refunds']);
    expect(usage).toBeUndefined();
    expect(cost).toBeUndefined();
  });

  it('joins with the separator; no title, no headings: no context', () => {
    expect(headingPath(undefined, ['A', 'B'], ' / ')).toBe('A / B');
    expect(headingPath('  ', [], ' > ')).toBe('');
    expect(headingPath('Doc', [], ' > ')).toBe('Doc');
    expect(headingContext({ separator: ' / ' }).key).not.toBe(headingContext().key);
  });

  it.each<[unknown, string]>([
    [{ separator: '' }, 'options.separator'],
    [{ title: false }, 'options.title'],
  ])('rejects %j', (options, argument) => {
    expect(() => headingContext(options as never)).toThrow(ValidationError);
    try {
      headingContext(options as never);
    } catch (error) {
      expect((error as ValidationError).argument).toBe(argument);
    }
  });
});
