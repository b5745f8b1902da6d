import { AssertionError } from 'node:assert';
import { type Message, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { memoryConformanceChecks } from '../src/conformance/memory/memory-checks.js';
import { memoryConformance } from '../src/conformance/memory/memory-conformance.js';
import {
  type ArrayMemoryCapabilities,
  type ArrayMemoryFaults,
  arrayMemory,
} from './support/test-array-memory.js';

// The suite itself, against the reference memory: every check must pass — with every capability,
// and without any (then the suite checks that the memory has none).
const every: ArrayMemoryCapabilities = { versioned: true, turnLock: true };
const store = new Map<string, Message[]>();
let cleanups = 0;
memoryConformance({
  name: 'reference array memory (versioned, with a turn lock)',
  makeMemory: () => arrayMemory(new Map(), 'default', {}, every),
  makeMemoryForConversation: (id) => arrayMemory(store, id, {}, every),
  versioned: true,
  turnLock: true,
  cleanup: () => {
    cleanups++;
  },
});

const plainStore = new Map<string, Message[]>();
memoryConformance({
  name: 'reference array memory (no optional capability)',
  makeMemory: () => arrayMemory(),
  makeMemoryForConversation: (id) => arrayMemory(plainStore, id),
});

async function runCheck(namePrefix: string, faults: ArrayMemoryFaults): Promise<unknown> {
  const shared = new Map<string, Message[]>();
  const checks = memoryConformanceChecks({
    makeMemory: () => arrayMemory(new Map(), 'default', faults, every),
    makeMemoryForConversation: (id) => arrayMemory(shared, id, faults, every),
    versioned: true,
    turnLock: true,
  });
  const check = checks.find((candidate) => candidate.name.startsWith(namePrefix));
  if (check === undefined) throw new Error(`no check named "${namePrefix}…"`);
  return check.run().then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('memory conformance checks catch broken memories', () => {
  it('ran cleanup after each check of the suite above', () => {
    // Vitest runs a file's tests in order: the suite above has finished.
    expect(cleanups).toBe(
      memoryConformanceChecks({
        makeMemory: () => arrayMemory(),
        makeMemoryForConversation: (id) => arrayMemory(store, id),
        versioned: true,
        turnLock: true,
      }).length,
    );
  });

  it.each<[string, string, ArrayMemoryFaults, RegExp]>([
    ['a non-atomic batch', 'appendMessages is atomic', { nonAtomic: true }, /memory changed/],
    [
      'no validation',
      'appendMessages is atomic',
      { noValidation: true },
      /resolved instead of rejecting/,
    ],
    [
      'no validation of single messages',
      'appendMessage rejects',
      { noValidation: true },
      /resolved instead of rejecting/,
    ],
    [
      'interleaved concurrent batches',
      'concurrent appends',
      { interleave: true },
      /not contiguous/,
    ],
    [
      'offset counted from the oldest',
      'allMessages: limit and offset',
      { offsetFromOldest: true },
      /offset/,
    ],
    ['roles applied after limit', 'allMessages: roles', { rolesAfterLimit: true }, /roles/],
    [
      'clear() of every conversation',
      'conversations are isolated',
      { clearAll: true },
      /removed another/,
    ],
    [
      'tool-call metadata dropped',
      'messages round-trip',
      { dropToolCallMetadata: true },
      /thoughtSignature|deep/i,
    ],
    ['shared arrays', 'the arrays it takes and returns are copies', { shareArrays: true }, /m3|m0/],
    [
      'no query validation',
      'allMessages rejects an invalid',
      { noQueryValidation: true },
      /limit.*resolved instead/,
    ],
    [
      'ignored signals',
      'an already-aborted signal',
      { ignoreSignal: true },
      /resolved instead of rejecting/,
    ],
    [
      'a stale expected version stored anyway',
      'versioned: a write with a stale expectedVersion',
      { ignoreExpectedVersion: true },
      /resolved instead of rejecting/,
    ],
    [
      'a stale expected version stored anyway, by concurrent writers',
      'versioned: 10 concurrent writers',
      { ignoreExpectedVersion: true },
      /exactly one writer must succeed, 10 did/,
    ],
    [
      'a repeated turn stored twice',
      'versioned: a turnId already stored',
      { repeatTurns: true },
      /the same turn written again against its version must resolve/,
    ],
    [
      'a plain append that keeps the version',
      'versioned: readVersioned reads what allMessages reads',
      { keepVersionOnAppend: true },
      /not at version 0|an append must change the version/,
    ],
    [
      'a conflict reporting the wrong version',
      'versioned: a write with a stale expectedVersion',
      { misreportConflict: true },
      /actualVersion/,
    ],
    [
      'a lock per memory object',
      'turn lock: memory objects of one conversation share it',
      { lockPerObject: true },
      /second memory object of the conversation started a turn/,
    ],
    [
      'a lock that never waits',
      'turn lock: turns run one at a time',
      { noWait: true },
      /a second turn started while the first ran/,
    ],
  ])('%s fails "%s"', async (_label, check, faults, message) => {
    const error = await runCheck(check, faults);
    expect(error).toBeInstanceOf(AssertionError);
    expect((error as Error).message).toMatch(message);
  });

  it('fails every check with a clear message when makeMemory returns a memory that is not empty', async () => {
    const checks = memoryConformanceChecks({
      makeMemory: async () => {
        const memory = arrayMemory();
        await memory.appendMessage({ role: 'user', content: 'left over' });
        return memory;
      },
    });
    const error = await checks[0]?.run().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/must return an empty memory; it holds 1 messages/);
  });

  it('fails when a rejection is thrown synchronously', async () => {
    const checks = memoryConformanceChecks({
      makeMemory: () => {
        const memory = arrayMemory();
        return {
          ...memory,
          appendMessage(message: Message) {
            if ((message as { role?: unknown })?.role !== 'user')
              throw new ValidationError('message', 'bad');
            return memory.appendMessage(message);
          },
        };
      },
    });
    const check = checks.find((candidate) => candidate.name.startsWith('appendMessage rejects'));
    const error = await check?.run().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/threw synchronously/);
  });

  it('checks that a memory not declared versioned or with a turn lock has neither', async () => {
    const checks = memoryConformanceChecks({
      makeMemory: () => arrayMemory(new Map(), 'default', {}, every),
    });
    for (const [name, message] of [
      ['versioned not declared', /has readVersioned\(\): pass versioned: true/],
      ['turnLock not declared', /has acquireTurn\(\): pass turnLock: true/],
    ] as const) {
      const check = checks.find((candidate) => candidate.name.startsWith(name));
      const error = await check?.run().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AssertionError);
      expect((error as Error).message).toMatch(message);
    }
    const declared = memoryConformanceChecks({
      makeMemory: () => arrayMemory(),
      versioned: true,
    });
    const first = declared.find((check) => check.name.startsWith('versioned: readVersioned'));
    const error = await first?.run().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/declared versioned \(versioned: true\) but has no/);
  });

  it('offers the isolation check only with makeMemoryForConversation, and validates its options', () => {
    const names = memoryConformanceChecks({ makeMemory: () => arrayMemory() }).map(
      (check) => check.name,
    );
    expect(names.some((name) => name.startsWith('conversations are isolated'))).toBe(false);
    expect(() => memoryConformanceChecks({} as never)).toThrow(ValidationError);
  });
});
