import type { JsonObject, VectorRecord } from '@aigo/ai';
import { seededRandom } from '../../random/seeded-random.js';

/** `count` random vectors of `dimensions` numbers in −1…1, from a seed. */
export function seededVectors(count: number, dimensions: number, seed: number): number[][] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () =>
    Array.from({ length: dimensions }, () => Math.round((random() * 2 - 1) * 1e4) / 1e4),
  );
}

const TOPICS = ['billing', 'sales', 'support', 'legal'];

/** Metadata of record `index`: a mix of kinds the filter checks read. */
export function fixtureMetadata(index: number): JsonObject {
  const metadata: JsonObject = {
    topic: TOPICS[index % TOPICS.length] as string,
    year: 2015 + (index % 10),
    pinned: index % 3 === 0,
    author: {
      name: index % 2 === 0 ? 'Ada' : 'Grace',
      langs: index % 5 === 0 ? ['en', 'it'] : ['en'],
    },
    score: index / 10,
  };
  if (index % 4 === 1) metadata.note = null;
  if (index % 7 === 0) metadata.extra = 'yes';
  return metadata;
}

/** `count` records with seeded vectors, text and metadata; ids `r000`… */
export function fixtureRecords(count: number, dimensions: number, seed: number): VectorRecord[] {
  return seededVectors(count, dimensions, seed).map((vector, index) => ({
    id: `r${String(index).padStart(3, '0')}`,
    vector,
    text: `record ${index} — ünïcode ✓`,
    metadata: fixtureMetadata(index),
  }));
}
