// Retrieval quality on @aigo/retrieval's labelled corpus: recall@5, MRR and nDCG@5 of keyword
// search (the in-memory BM25 index), semantic search, hybrid (RRF) and hybrid + rerank.
// Embeddings: OpenAI's text-embedding-3-small with OPENAI_API_KEY, else Gemini's
// gemini-embedding-001 with GEMINI_API_KEY, else the fake embedder of @aigo/testing — hashed words,
// no model: its semantic and hybrid figures then mean nothing, and the result says so (no embedding
// model runs offline on these machines). Reranking: Cohere, Voyage or Jina with their key, else skipped.
import { packageDist } from '../../shared/paths.mjs';

const K = 5;
const round3 = (value) => Math.round(value * 1000) / 1000;

async function embedderOf(testing) {
  if (process.env.OPENAI_API_KEY) {
    const { openai } = await import(packageDist('openai').href);
    return {
      settings: { provider: openai(), model: 'text-embedding-3-small', dimensions: 512 },
      real: 'openai text-embedding-3-small',
    };
  }
  if (process.env.GEMINI_API_KEY) {
    const { gemini } = await import(packageDist('gemini').href);
    return {
      settings: { provider: gemini(), model: 'gemini-embedding-001', dimensions: 768 },
      real: 'gemini gemini-embedding-001',
    };
  }
  const provider = testing.createFakeEmbedder({ dimensions: 256 });
  return { settings: { provider, model: 'fake-embedding', dimensions: 256 }, real: undefined };
}

function rerankerOf(retrieval) {
  if (process.env.COHERE_API_KEY)
    return { reranker: retrieval.cohereReranker(), name: 'cohere rerank-v3.5' };
  if (process.env.VOYAGE_API_KEY)
    return { reranker: retrieval.voyageReranker(), name: 'voyage rerank-2.5' };
  if (process.env.JINA_API_KEY)
    return { reranker: retrieval.jinaReranker(), name: 'jina jina-reranker-v2-base-multilingual' };
  return undefined;
}

/** recall@5, MRR and nDCG@5 of `retrieve` (question → ids, best first) over the questions. */
async function score(retrieval, questions, retrieve) {
  const runs = [];
  for (const { question, relevant } of questions)
    runs.push({ retrieved: await retrieve(question), relevant });
  return {
    recall: round3(retrieval.recallAtK(runs, K)),
    mrr: round3(retrieval.mrr(runs)),
    ndcg: round3(retrieval.ndcg(runs, K)),
  };
}

/** The four retrievers' figures on the corpus. */
export async function hybridQuality({ retrieval, corpusModule, testing }) {
  const { documents, chunkOptions, questions } = corpusModule.retrievalCorpus();
  const { settings, real } = await embedderOf(testing);
  const store = retrieval.inMemoryVectorStore({ dimensions: settings.dimensions });
  const lexical = retrieval.inMemoryLexicalIndex();
  await retrieval.ingest(documents, {
    chunker: (document) => retrieval.chunkMarkdown(document, chunkOptions),
    embedder: settings,
    store,
    lexical,
  });
  const ids = (chunks) => chunks.map((chunk) => chunk.id);
  const semantic = retrieval.createRetriever({ store, embedder: settings, topK: K });
  const hybrid = retrieval.hybridRetriever({ lexical, semantic: store, embedder: settings, k: K });
  const figures = {
    lexical: await score(retrieval, questions, async (q) => ids(await lexical.search(q, { k: K }))),
    semantic: await score(retrieval, questions, async (q) => ids(await semantic.retrieve(q))),
    hybrid: await score(retrieval, questions, async (q) => ids(await hybrid.retrieve(q))),
  };
  const rerank = rerankerOf(retrieval);
  if (rerank !== undefined) {
    const reranked = retrieval.hybridRetriever({
      lexical,
      semantic: store,
      embedder: settings,
      k: K,
      rerank: { reranker: rerank.reranker, candidates: 20, topN: K },
    });
    figures.hybridRerank = await score(retrieval, questions, async (q) =>
      ids(await reranked.retrieve(q)),
    );
  }
  return {
    questions: questions.length,
    embedder: real ?? 'fake (hashed words, no model)',
    meaningful: real !== undefined,
    note:
      real === undefined
        ? 'no embedding API key (OPENAI_API_KEY, GEMINI_API_KEY): the fake embedder is a bag of hashed words, not a model — its semantic and hybrid figures mean nothing; no embedding model runs offline here'
        : undefined,
    reranker: rerank?.name ?? 'none: set COHERE_API_KEY, VOYAGE_API_KEY or JINA_API_KEY',
    figures,
  };
}
