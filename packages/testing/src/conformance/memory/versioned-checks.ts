import assert from 'node:assert/strict';
import {
  ConversationConflictError,
  type MemoryProvider,
  type MemoryWriteOptions,
  type Message,
  ValidationError,
  type VersionedMessages,
} from '@aigo/ai';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';

/** How the versioned checks get memories (the suite's `fresh` and `makeMemoryForConversation`). */
export interface VersionedCheckContext {
  /** A new, empty memory (checked empty). */
  readonly fresh: () => Promise<MemoryProvider>;
  /** A memory for a conversation id, when the store holds several. */
  readonly forConversation: ((id: string) => MemoryProvider | Promise<MemoryProvider>) | undefined;
}

type Versioned = MemoryProvider & {
  readVersioned(
    options?: Parameters<NonNullable<MemoryProvider['readVersioned']>>[0],
  ): Promise<VersionedMessages>;
};

const say = (content: string, role: Message['role'] = 'user'): Message => ({ role, content });

const contents = (messages: readonly Message[]) =>
  messages.map((message) => (typeof message.content === 'string' ? message.content : '<parts>'));

const isConflict = (error: unknown) => ConversationConflictError.isInstance(error);
const isValidationError = (error: unknown) => ValidationError.isInstance(error);

let turnCounter = 0;
/** A turn id unique in this process. */
function turnId(label: string): string {
  turnCounter += 1;
  return `conformance-${label}-${process.pid}-${turnCounter}`;
}

function versioned(memory: MemoryProvider): Versioned {
  assert.equal(
    typeof memory.readVersioned,
    'function',
    'the memory was declared versioned (versioned: true) but has no readVersioned()',
  );
  return memory as Versioned;
}

async function readVersion(memory: Versioned): Promise<VersionedMessages> {
  const read = await memory.readVersioned();
  assert.ok(Array.isArray(read.messages), 'readVersioned() must resolve to { messages: [...] }');
  assert.ok(
    Number.isSafeInteger(read.version) && read.version >= 0,
    `readVersioned() must resolve to a non-negative integer version, got ${String(read.version)}`,
  );
  return read;
}

/** Checks that a conflict names the conversation (when the memory knows it) and both versions. */
function checkConflict(
  error: unknown,
  memory: MemoryProvider,
  expectedVersion: number,
  actualVersion: number,
  what: string,
): void {
  const conflict = error as ConversationConflictError;
  assert.equal(conflict.code, 'conversation_conflict', `${what}: code`);
  assert.equal(conflict.expectedVersion, expectedVersion, `${what}: expectedVersion`);
  assert.equal(conflict.actualVersion, actualVersion, `${what}: actualVersion`);
  if (memory.conversationId !== undefined) {
    assert.equal(conflict.conversationId, memory.conversationId, `${what}: conversationId`);
  }
}

/**
 * The checks of the versioned capability (`readVersioned`, `appendMessages` with `expectedVersion`
 * and `turnId`), for memories declared `versioned: true`.
 */
export function versionedChecks(context: VersionedCheckContext): ConformanceCheck[] {
  const fresh = async () => versioned(await context.fresh());
  const checks: ConformanceCheck[] = [
    {
      name: 'versioned: readVersioned reads what allMessages reads, at version 0 when empty and a new version after every change',
      async run() {
        const memory = await fresh();
        assert.deepEqual(await readVersion(memory), { messages: [], version: 0 });
        await memory.appendMessages([say('m0'), say('m1', 'assistant')]);
        const first = await readVersion(memory);
        assert.deepEqual(contents(first.messages), ['m0', 'm1']);
        assert.notEqual(first.version, 0, 'a conversation that holds messages is not at version 0');
        await memory.appendMessage(say('m2'));
        const second = await readVersion(memory);
        assert.deepEqual(second.messages, await memory.allMessages());
        assert.ok(
          second.version !== first.version && second.version !== 0,
          `an append must change the version (${first.version} → ${second.version})`,
        );
        const window = await memory.readVersioned({ limit: 1, roles: ['user'] });
        assert.deepEqual(contents(window.messages), ['m2']);
        assert.equal(window.version, second.version, 'a window is read at the same version');
        await memory.clear();
        assert.deepEqual(await readVersion(memory), { messages: [], version: 0 });
        await memory.appendMessage(say('m3'));
        const third = await readVersion(memory);
        assert.ok(
          ![0, first.version, second.version].includes(third.version),
          `a version must not come back after clear() (${third.version})`,
        );
      },
    },
    {
      name: 'versioned: a write with a stale expectedVersion rejects with ConversationConflictError naming both versions, and stores nothing',
      async run() {
        const memory = await fresh();
        await memory.appendMessages([say('m0')], { expectedVersion: 0 });
        const { version } = await readVersion(memory);
        await memory.appendMessages([say('m1')], { expectedVersion: version });
        const { version: current } = await readVersion(memory);
        const stale = await expectRejection(
          () => memory.appendMessages([say('stale')], { expectedVersion: version }),
          isConflict,
          'appendMessages with the version before the last write',
        );
        checkConflict(stale, memory, version, current, 'the conflict');
        const fromEmpty = await expectRejection(
          () => memory.appendMessage(say('from empty'), { expectedVersion: 0 }),
          isConflict,
          'appendMessage with expectedVersion 0 on a conversation that holds messages',
        );
        checkConflict(fromEmpty, memory, 0, current, 'the conflict from version 0');
        assert.deepEqual(contents(await memory.allMessages()), ['m0', 'm1']);
        assert.equal(
          (await readVersion(memory)).version,
          current,
          'a refused write changed the version',
        );
        await memory.clear();
        await expectRejection(
          () => memory.appendMessages([say('after clear')], { expectedVersion: current }),
          isConflict,
          'appendMessages with the version before clear()',
        );
        assert.deepEqual(await memory.allMessages(), []);
      },
    },
    {
      name: 'versioned: a turnId already stored resolves without a second copy, even against a stale version',
      async run() {
        const memory = await fresh();
        const id = turnId('retry');
        const batch = [say('question'), say('answer', 'assistant')];
        await memory.appendMessages(batch, { expectedVersion: 0, turnId: id });
        const { version } = await readVersion(memory);
        // The same write again (its first outcome was unknown to the writer): a no-op.
        await assert.doesNotReject(
          memory.appendMessages(batch, { expectedVersion: 0, turnId: id }),
          'the same turn written again against its version must resolve',
        );
        await assert.doesNotReject(
          memory.appendMessages(batch, { turnId: id }),
          'the same turn written again without a version must resolve',
        );
        assert.deepEqual(contents(await memory.allMessages()), ['question', 'answer']);
        assert.equal(
          (await readVersion(memory)).version,
          version,
          'a repeated turn changed the version',
        );
        // Another turn against the same stale version is a conflict.
        await expectRejection(
          () =>
            memory.appendMessages([say('other')], { expectedVersion: 0, turnId: turnId('other') }),
          isConflict,
          'another turn against the stale version',
        );
        // A turn id without a version is stored once too.
        const plain = turnId('plain');
        await memory.appendMessage(say('once'), { turnId: plain });
        await memory.appendMessage(say('once'), { turnId: plain });
        assert.deepEqual(contents(await memory.allMessages()), ['question', 'answer', 'once']);
      },
    },
    {
      name: 'versioned: 10 concurrent writers against one version — exactly one is stored, the others conflict',
      async run() {
        const memory = await fresh();
        await memory.appendMessage(say('start'));
        const { version } = await readVersion(memory);
        const outcomes = await Promise.allSettled(
          Array.from({ length: 10 }, (_, writer) =>
            memory.appendMessages([say(`w${writer} q`), say(`w${writer} a`, 'assistant')], {
              expectedVersion: version,
              turnId: turnId(`writer-${writer}`),
            }),
          ),
        );
        const stored = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
        const conflicts = outcomes.filter(
          (outcome) => outcome.status === 'rejected' && isConflict(outcome.reason),
        ).length;
        assert.equal(stored, 1, `exactly one writer must succeed, ${stored} did`);
        assert.equal(conflicts, 9, `the other nine must conflict, ${conflicts} did`);
        const messages = contents(await memory.allMessages());
        assert.equal(messages.length, 3, `one turn must be stored: ${JSON.stringify(messages)}`);
        assert.equal(messages[1]?.replace(' q', ''), messages[2]?.replace(' a', ''));
      },
    },
    {
      name: 'versioned: an invalid expectedVersion or turnId rejects with ValidationError and stores nothing',
      async run() {
        const memory = await fresh();
        const invalid: ReadonlyArray<[string, unknown]> = [
          ['expectedVersion -1', { expectedVersion: -1 }],
          ['expectedVersion 1.5', { expectedVersion: 1.5 }],
          ["expectedVersion '0'", { expectedVersion: '0' }],
          ["turnId ''", { turnId: '' }],
          ['turnId 7', { turnId: 7 }],
          ['a turnId of 257 characters', { turnId: 'x'.repeat(257) }],
          ['a turnId with NUL', { turnId: 'a\u0000b' }],
        ];
        for (const [label, options] of invalid) {
          await expectRejection(
            () => memory.appendMessages([say('m')], options as MemoryWriteOptions),
            isValidationError,
            `appendMessages with ${label}`,
          );
        }
        assert.deepEqual(await memory.allMessages(), []);
      },
    },
  ];

  const forConversation = context.forConversation;
  if (forConversation !== undefined) {
    checks.push({
      name: 'versioned: memory objects of one conversation share its version; another conversation has its own',
      async run() {
        const suffix = `${process.pid}-${++turnCounter}`;
        const first = versioned(await forConversation(`versioned-a-${suffix}`));
        const again = versioned(await forConversation(`versioned-a-${suffix}`));
        const other = versioned(await forConversation(`versioned-b-${suffix}`));
        await first.appendMessage(say('a0'), { expectedVersion: 0 });
        const { version } = await readVersion(again);
        assert.notEqual(version, 0);
        await other.appendMessage(say('b0'), { expectedVersion: 0 });
        assert.equal((await readVersion(first)).version, version, 'a write elsewhere changed it');
        await again.appendMessage(say('a1'), { expectedVersion: version });
        const conflict = await expectRejection(
          () => first.appendMessage(say('late'), { expectedVersion: version }),
          isConflict,
          'a write through the other memory object against the old version',
        );
        checkConflict(conflict, first, version, (await readVersion(first)).version, 'the conflict');
        assert.deepEqual(contents(await first.allMessages()), ['a0', 'a1']);
      },
    });
  }
  return checks;
}
