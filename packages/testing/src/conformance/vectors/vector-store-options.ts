import type { EmbedderSettings, VectorMetric, VectorStore } from '@aigo/ai';

/** How the suite asks for a store. */
export interface MakeVectorStoreOptions {
  readonly dimensions: number;
  readonly metric: VectorMetric;
  /** When set, the store must embed texts with it (records without vectors, text queries). */
  readonly embedder?: EmbedderSettings;
}

/** What `vectorStoreConformance` tests. */
export interface VectorStoreConformanceOptions {
  /** Shown in the suite title. Default `vector store`. */
  readonly name?: string;
  /** A new, empty store with these settings. The suite closes each store it made. */
  readonly makeStore: (options: MakeVectorStoreOptions) => VectorStore | Promise<VectorStore>;
  /** The metrics the store supports. Default all three. */
  readonly metrics?: readonly VectorMetric[];
  /**
   * How far a stored number may be from the one written: 0 for a store that keeps doubles, about
   * 1e-6 relative for one that keeps 4-byte floats (pgvector). Default 1e-6.
   */
  readonly tolerance?: number;
  /** Runs after each check (drop schemas). */
  readonly cleanup?: () => void | Promise<void>;
  /** Per-check timeout in milliseconds (default: vitest's). */
  readonly timeoutMs?: number;
}
