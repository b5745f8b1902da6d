import { AssertionError } from 'node:assert';
import { type Message, ValidationError } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { memoryConformanceChecks } from './memory-checks.js';
import { memoryConformance } from './memory-conformance.js';
import { type ArrayMemoryFaults, arrayMemory } from './test-array-memory.js';

// The suite itself, against the reference memory: every check must pass.
const store = new Map<string, Message[]>();
let cleanups = 0;
memoryConformance({
  name: 'reference array memory',
  makeMemory: () => arrayMemory(),
  makeMemoryForConversation: (id) => arrayMemory(store, id),
  cleanup: () => {
    cleanups++;
  },
});

async function runCheck(namePrefix: string, faults: ArrayMemoryFaults): Promise<unknown> {
  const shared = new Map<string, Message[]>();
  const checks = memoryConformanceChecks({
    makeMemory: () => arrayMemory(new Map(), 'default', faults),
    makeMemoryForConversation: (id) => arrayMemory(shared, id, faults),
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

  it('offers the isolation check only with makeMemoryForConversation, and validates its options', () => {
    const names = memoryConformanceChecks({ makeMemory: () => arrayMemory() }).map(
      (check) => check.name,
    );
    expect(names.some((name) => name.startsWith('conversations are isolated'))).toBe(false);
    expect(() => memoryConformanceChecks({} as never)).toThrow(ValidationError);
  });
});
