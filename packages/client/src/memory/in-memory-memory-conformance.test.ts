import { memoryConformance } from '@aigo/testing';
import { inMemoryMemory } from './in-memory-memory.js';

// The suite every aigo memory runs (the PostgreSQL memory runs it too).
memoryConformance({ name: 'inMemoryMemory', makeMemory: () => inMemoryMemory() });

// A memory restored from a snapshot behaves the same.
memoryConformance({
  name: 'inMemoryMemory restored from an empty snapshot',
  makeMemory: () => inMemoryMemory({ snapshot: inMemoryMemory().snapshot() }),
});
