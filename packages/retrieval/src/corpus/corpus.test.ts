import { describe, expect, it } from 'vitest';
import { inMemoryLexicalIndex } from '../lexical/in-memory-lexical-index.js';
import { mrr, recallAtK } from '../metrics/retrieval-metrics.js';
import { retrievalCorpus } from './index.js';

describe('retrievalCorpus', () => {
  const corpus = retrievalCorpus();

  it('chunks each section of each document into a chunk of its own', () => {
    expect(corpus.documents).toHaveLength(10);
    expect(corpus.chunks).toHaveLength(40);
    expect(new Set(corpus.chunks.map((chunk) => chunk.id)).size).toBe(40);
    for (const chunk of corpus.chunks) {
      expect(chunk.text.match(/^## /gm)).toHaveLength(1);
      expect(chunk.tokens).toBeLessThanOrEqual(corpus.chunkOptions.maxTokens);
    }
  });

  it('labels every question with chunks the corpus has, the same ids every time', () => {
    const ids = new Set(corpus.chunks.map((chunk) => chunk.id));
    expect(corpus.questions).toHaveLength(37);
    for (const question of corpus.questions) {
      expect(question.relevant.length).toBeGreaterThan(0);
      for (const id of question.relevant) expect(ids.has(id)).toBe(true);
    }
    expect(retrievalCorpus().questions).toEqual(corpus.questions);
  });

  it('is searchable: keyword search finds the error codes at rank 1', async () => {
    const index = inMemoryLexicalIndex();
    await index.upsert(corpus.chunks.map((chunk) => ({ id: chunk.id, text: chunk.text })));
    const codes = corpus.questions.filter((question) => /E\d{4}/.test(question.question));
    const runs = await Promise.all(
      codes.map(async (question) => ({
        retrieved: (await index.search(question.question, { k: 5 })).map((match) => match.id),
        relevant: question.relevant,
      })),
    );
    expect(mrr(runs)).toBe(1);
    expect(recallAtK(runs, 1)).toBe(1);
  });
});
