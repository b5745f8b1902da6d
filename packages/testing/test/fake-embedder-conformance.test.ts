// The embedding conformance suite against the fake embedder (its unit tests: src/fake/).
import { embeddingConformance } from '../src/conformance/embeddings/embedding-conformance.js';
import { createFakeEmbedder } from '../src/fake/fake-embedder.js';

embeddingConformance({
  name: 'createFakeEmbedder',
  makeProvider: () => createFakeEmbedder({ dimensions: 16, maxEmbeddingsPerCall: 3 }),
  model: 'fake',
});
