import type { EmbedderSettings, VectorMetric } from '@aigo/ai';
import type { Pool } from 'pg';
import type { CheckedStoreOptions } from './check-store-options.js';
import type { ReadyFacts } from './store-setup.js';
import type { TableNames } from './table-sql.js';

/** What a store's query functions need of it. */
export interface StoreContext {
  readonly pool: Pool;
  readonly names: TableNames;
  readonly settings: CheckedStoreOptions;
  readonly dimensions: number;
  readonly metric: VectorMetric;
  readonly embedder: EmbedderSettings | undefined;
  /** Connects and migrates once; every call awaits it first. */
  ready(signal: AbortSignal | undefined): Promise<ReadyFacts>;
  /** Embeds texts with the store's embedder (which must exist), checking the vectors' length. */
  embed(
    texts: readonly string[],
    purpose: 'query' | 'document',
    signal: AbortSignal | undefined,
  ): Promise<number[][]>;
  /** A database failure as the store's typed error. */
  error(error: unknown, operation: string): unknown;
}
