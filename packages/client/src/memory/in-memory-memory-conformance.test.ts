import { memoryConformance } from '@aigo/testing';
import { inMemoryMemory } from './in-memory-memory.js';
import { type InMemoryMemoryStore, inMemoryMemoryStore } from './in-memory-memory-store.js';

// The suite every aigo memory runs (the PostgreSQL memory runs it too), with the versioned reads and
// the turn lock every in-memory memory has.
memoryConformance({
  name: 'inMemoryMemory',
  makeMemory: () => inMemoryMemory(),
  versioned: true,
  turnLock: true,
});

// A memory restored from a snapshot behaves the same.
memoryConformance({
  name: 'inMemoryMemory restored from an empty snapshot',
  makeMemory: () => inMemoryMemory({ snapshot: inMemoryMemory().snapshot() }),
  versioned: true,
  turnLock: true,
});

// The conversations of a store: memory objects of one id share the version and the turn lock.
let store: InMemoryMemoryStore = inMemoryMemoryStore();
let conversations = 0;
memoryConformance({
  name: 'inMemoryMemoryStore conversations',
  makeMemory: () => store.conversation(`conversation-${++conversations}`),
  makeMemoryForConversation: (id) => store.conversation(id),
  versioned: true,
  turnLock: true,
  cleanup: async () => {
    await store.close();
    store = inMemoryMemoryStore();
  },
});
