/**
 * Retrieval-augmented answering: embed a handbook into a vector store, then let a client answer
 * questions with the passages most relevant to each one put into its system prompt.
 *
 * - `ingest` of `@aigo/retrieval` chunks each passage (`chunkText`), embeds the chunks through
 *   `provider.embed(...)` (here `openai()`) in batches, and writes them to a `VectorStore`; run again,
 *   it embeds nothing (the store already holds every passage at its version).
 * - The store: `pgVectorStore` from `@aigo/vector-pg` when DATABASE_URL is set (pgvector with an HNSW
 *   index where the server has it, else exact search on plain arrays), else `inMemoryVectorStore`
 *   from `@aigo/retrieval`.
 * - `createRetriever` embeds a question and searches the store; `retrievalMiddleware` puts the best
 *   passages that fit a token budget into each request; `retrievalTool` lets a model search itself.
 *
 * Offline, a local stand-in for the OpenAI API on 127.0.0.1 answers `/v1/embeddings` with the
 * deterministic bag-of-words vectors of `createFakeEmbedder` (texts that share words are close) and
 * `/v1/chat/completions` by quoting the first passage it was given — so the real `@aigo/openai`
 * adapter, the store, the retriever and the middleware all run, minus the internet.
 *
 * Run: `node dist/retrieval.js` (offline), or with OPENAI_API_KEY set.
 */
import type { VectorStore } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { openai } from '@aigo/openai';
import {
  chunkText,
  createRetriever,
  ingest,
  inMemoryVectorStore,
  retrievalMiddleware,
  retrievalTool,
} from '@aigo/retrieval';
import { createFakeEmbedder, type RecordedServer, startRecordedServer } from '@aigo/testing';
import { pgVectorStore } from '@aigo/vector-pg';
import { printHeader } from './shared/pick-model.js';

const HANDBOOK = [
  {
    id: 'returns',
    text: 'Returns are accepted within 30 days of delivery, in the original packaging.',
    topic: 'returns',
  },
  {
    id: 'refunds',
    text: 'Refunds reach your card within 5 to 10 working days after we receive the return.',
    topic: 'returns',
  },
  {
    id: 'shipping',
    text: 'Orders ship within 2 working days; delivery inside the EU takes 3 to 5 days.',
    topic: 'shipping',
  },
  {
    id: 'opening',
    text: 'The shop in Via Roma is open from 9 to 18, Monday to Saturday.',
    topic: 'shop',
  },
  {
    id: 'warranty',
    text: 'Every product has a 2 year warranty against manufacturing defects.',
    topic: 'warranty',
  },
];
const DIMENSIONS = 256;

let server: RecordedServer | undefined;
let label: string;
let chatModel: string;
let embeddingModel: string;
let provider: ReturnType<typeof openai>;

if (process.env.OPENAI_API_KEY) {
  provider = openai({ api: 'chat' });
  chatModel = 'gpt-4o-mini';
  embeddingModel = 'text-embedding-3-small';
  label = 'OpenAI gpt-4o-mini and text-embedding-3-small (OPENAI_API_KEY is set)';
} else {
  const embedder = createFakeEmbedder({ dimensions: DIMENSIONS });
  server = await startRecordedServer([
    {
      path: '/v1/embeddings',
      respond: (request, response) => {
        const { input, dimensions } = request.body as { input: string[]; dimensions?: number };
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            object: 'list',
            data: input.map((text, index) => ({
              object: 'embedding',
              index,
              embedding: embedder.vectorOf(text, dimensions),
            })),
            model: 'text-embedding-3-small',
            usage: {
              prompt_tokens: input.join(' ').split(/\s+/).length,
              total_tokens: input.join(' ').split(/\s+/).length,
            },
          }),
        );
      },
    },
    {
      path: '/v1/chat/completions',
      respond: (request, response) => {
        const { messages } = request.body as { messages: { role: string; content: string }[] };
        const system = messages.find((message) => message.role === 'system')?.content ?? '';
        const passage = /\[1\] (.*)/.exec(system)?.[1];
        const content =
          passage === undefined ? 'I do not know.' : `According to the handbook: ${passage}`;
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            id: 'chatcmpl-offline',
            object: 'chat.completion',
            created: 0,
            model: 'gpt-4o-mini-2024-07-18',
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: {
              prompt_tokens: Math.ceil(system.length / 4),
              completion_tokens: 20,
              total_tokens: Math.ceil(system.length / 4) + 20,
            },
          }),
        );
      },
    },
  ]);
  provider = openai({ baseURL: `${server.url}/v1`, apiKey: 'sk-offline-example', api: 'chat' });
  chatModel = 'gpt-4o-mini';
  embeddingModel = 'text-embedding-3-small';
  label = `OFFLINE, a local stand-in for the OpenAI API at ${server.url}`;
}
printHeader('Retrieval-augmented answering', { label });

// 1. The store, and the passages ingested into it: chunked, embedded (as documents), written.
const embedder = { provider, model: embeddingModel, dimensions: DIMENSIONS };
const store: VectorStore = process.env.DATABASE_URL
  ? pgVectorStore({
      connectionString: process.env.DATABASE_URL,
      dimensions: DIMENSIONS,
      tableName: 'aigo_example_handbook',
    })
  : inMemoryVectorStore({ dimensions: DIMENSIONS });
const passages = HANDBOOK.map(({ id, text, topic }) => ({ id, text, metadata: { topic } }));
const options = { chunker: chunkText, enricher: false, embedder, store } as const;
const first = await ingest(passages, options);
console.log(`indexed ${first.chunks} passages (${DIMENSIONS} dimensions, cosine)`);
const again = await ingest(passages, options);
console.log(`ingested again: ${again.unchanged} unchanged, ${again.chunks} chunks embedded`);

// 2. A retriever: embed the question (as a query), search, best first.
const retriever = createRetriever({ store, embedder, topK: 2 });
const question = 'Within how many days are returns accepted?';
for (const chunk of await retriever.retrieve(question)) {
  console.log(`  retrieved ${chunk.document?.id} (score ${chunk.score.toFixed(2)}): ${chunk.text}`);
}

// 3. A client whose requests get the best passages that fit 200 tokens in their system prompt.
const client = createClient(provider, {
  defaultModel: chatModel,
  systemPrompt:
    'Answer from the handbook passages you are given; say so when they do not cover the question.',
  middleware: [
    retrievalMiddleware({
      retriever,
      topK: 2,
      maxTokens: 200,
      onInject: (chunks) =>
        console.log(`  injected: ${chunks.map((chunk) => chunk.document?.id).join(', ')}`),
    }),
  ],
});
console.log(`question: ${question}`);
const answer = await client.sendMessage(question);
console.log(`answer: ${answer.content}`);

const second = 'When is the shop in Via Roma open?';
console.log(`question: ${second}`);
console.log(`answer: ${(await client.sendMessage(second)).content}`);

// 4. The same search as a tool an agent can call.
const tool = retrievalTool({
  retriever,
  description: 'Search the shop handbook: returns, refunds, shipping, opening hours, warranty.',
});
console.log(
  `tool ${tool.name}({"query":"warranty"}) → ${JSON.parse(await tool.call('{"query":"warranty defects","topK":1}')).results[0].document.id}`,
);

await store.close();
await provider.close();
await server?.close();
