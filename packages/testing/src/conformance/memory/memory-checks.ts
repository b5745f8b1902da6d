import assert from 'node:assert/strict';
import {
  AbortError,
  type AllMessagesOptions,
  type MemoryProvider,
  type Message,
  ValidationError,
} from '@aigo/ai';
import type { ConformanceCheck } from '../conformance-check.js';
import { expectRejection } from '../expect-rejection.js';
import { turnLockChecks } from './turn-lock-checks.js';
import { undeclared } from './undeclared-capability-check.js';
import { versionedChecks } from './versioned-checks.js';

/** What `memoryConformance` tests. */
export interface MemoryConformanceOptions {
  /** Shown in the suite title. Default `memory`. */
  readonly name?: string;
  /** A new, empty memory (one conversation). Called once or more per check. */
  readonly makeMemory: () => MemoryProvider | Promise<MemoryProvider>;
  /**
   * A memory for a given conversation id, when the store holds several conversations (a database).
   * Enables the isolation check: two conversations, clearing one leaves the other.
   */
  readonly makeMemoryForConversation?: (
    conversationId: string,
  ) => MemoryProvider | Promise<MemoryProvider>;
  /**
   * The memory has versioned reads: `readVersioned`, and `appendMessages` honouring `expectedVersion`
   * and `turnId`. Adds the versioned checks. Without it, the suite checks that the memory has no
   * `readVersioned` (so a memory never has the capability untested).
   */
  readonly versioned?: boolean;
  /**
   * The memory has a turn lock (`acquireTurn`). Adds the turn-lock checks. Without it, the suite
   * checks that the memory has no `acquireTurn`.
   */
  readonly turnLock?: boolean;
  /** Runs after each check (close pools, drop schemas). The suite never calls `close()` itself. */
  readonly cleanup?: () => void | Promise<void>;
  /** Per-check timeout in milliseconds (default: vitest's). */
  readonly timeoutMs?: number;
}

/** A message that every memory must reject. */
const INVALID_MESSAGES: ReadonlyArray<readonly [string, unknown]> = [
  ["a message whose role is 'bogus'", { role: 'bogus', content: 'hi' }],
  ['null', null],
  ['a string', 'just text'],
  ['a message whose content is a number', { role: 'user', content: 42 }],
  ['a message without content', { role: 'assistant' }],
];

/**
 * Messages that exercise every field a memory must keep: content parts with metadata, tool calls
 * with per-call metadata, tool results, reasoning, refusals, code executions, provider metadata.
 */
export const ROUND_TRIP_MESSAGES: readonly Message[] = [
  { role: 'system', content: 'You are terse.' },
  {
    role: 'user',
    content: [
      {
        type: 'text',
        text: 'What is in this picture?',
        providerMetadata: { openai: { cache: 'ephemeral' } },
      },
      { type: 'image', mimeType: 'image/png', data: 'iVBORw0KGgoAAAANSUhEUg==' },
      { type: 'image', mimeType: undefined, uri: 'https://example.com/cat.jpg' },
      { type: 'document', mimeType: 'application/pdf', data: 'JVBERi0xLjQ=', filename: 'spec.pdf' },
      { type: 'audio', mimeType: 'audio/wav', uri: 'gs://bucket/clip.wav' },
      {
        type: 'video',
        mimeType: 'video/mp4',
        uri: 'https://example.com/v.mp4',
        providerMetadata: { gemini: { fps: 1 } },
      },
    ],
  },
  {
    role: 'assistant',
    content: 'Let me look.',
    reasoning: 'The user wants a description; call the vision tool.',
    toolCalls: [
      {
        id: 'call_1',
        type: 'function',
        function: { name: 'describe_image', arguments: '{"detail":"high","tags":["cat",1,null]}' },
        providerMetadata: { gemini: { thoughtSignature: 'c2lnbmF0dXJlLTE=' } },
      },
      { id: 'call_2', type: 'function', function: { name: 'noop', arguments: '{}' } },
    ],
    codeExecutions: [{ language: 'python', code: 'print(2 + 2)', outcome: 'ok', output: '4\n' }],
    providerMetadata: {
      openai: {
        reasoningItems: [{ id: 'rs_1', encrypted_content: 'gAAAAB' }],
        responseId: 'resp_1',
      },
    },
  },
  {
    role: 'tool',
    content: '{"ok":true,"labels":["cat"]}',
    toolCallId: 'call_1',
    name: 'describe_image',
  },
  { role: 'tool', content: '', toolCallId: 'call_2', name: 'noop' },
  { role: 'assistant', content: '', refusal: 'I cannot identify people.' },
  { role: 'user', content: 'Unicode: héllo 😀 — "quotes", \\ back\\slash,\nnew line\ttab' },
];

function text(
  index: number,
  role: Message['role'] = index % 2 === 0 ? 'user' : 'assistant',
): Message {
  // A tool message answers a call: memories may require its id.
  return role === 'tool'
    ? { role, content: `m${index}`, toolCallId: `call_${index}` }
    : { role, content: `m${index}` };
}

function contents(messages: readonly Message[]): string[] {
  return messages.map((message) =>
    typeof message.content === 'string' ? message.content : '<parts>',
  );
}

/** Treats keys whose value is `undefined` as absent, as a JSON store does. */
function normalise(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

const isValidationError = (error: unknown) => ValidationError.isInstance(error);
const isAbortError = (error: unknown) => AbortError.isInstance(error);

/**
 * The memory conformance checks, for any runner. Each check makes its own memories with
 * `makeMemory` (which must return an empty one).
 */
export function memoryConformanceChecks(options: MemoryConformanceOptions): ConformanceCheck[] {
  if (options === null || typeof options !== 'object' || typeof options.makeMemory !== 'function') {
    throw new ValidationError(
      'options.makeMemory',
      'must be a function returning a MemoryProvider',
    );
  }
  const fresh = async (): Promise<MemoryProvider> => {
    const memory = await options.makeMemory();
    const existing = await memory.allMessages();
    assert.ok(Array.isArray(existing), 'allMessages() must resolve to an array');
    assert.equal(
      existing.length,
      0,
      `makeMemory() must return an empty memory; it holds ${existing.length} messages`,
    );
    return memory;
  };
  const read = async (memory: MemoryProvider, query?: AllMessagesOptions) =>
    contents(await memory.allMessages(query));

  const checks: ConformanceCheck[] = [
    {
      name: 'a new memory is empty',
      async run() {
        const memory = await fresh();
        assert.deepEqual(await memory.allMessages({ limit: 5 }), []);
        assert.deepEqual(await memory.allMessages({ roles: ['user'] }), []);
      },
    },
    {
      name: 'appendMessage and appendMessages keep the order of writes',
      async run() {
        const memory = await fresh();
        await memory.appendMessage(text(0));
        await memory.appendMessages([text(1), text(2), text(3)]);
        await memory.appendMessage(text(4));
        await memory.appendMessages([text(5)]);
        assert.deepEqual(await read(memory), ['m0', 'm1', 'm2', 'm3', 'm4', 'm5']);
      },
    },
    {
      name: 'allMessages: limit and offset count from the newest, results come oldest first',
      async run() {
        const memory = await fresh();
        await memory.appendMessages(Array.from({ length: 10 }, (_, index) => text(index)));
        const expect = async (query: AllMessagesOptions, expected: string[]) =>
          assert.deepEqual(
            await read(memory, query),
            expected,
            `allMessages(${JSON.stringify(query)})`,
          );
        await expect({}, ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
        await expect({ limit: 3 }, ['m7', 'm8', 'm9']);
        await expect({ offset: 2 }, ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7']);
        await expect({ limit: 3, offset: 2 }, ['m5', 'm6', 'm7']);
        await expect({ limit: 3, offset: 8 }, ['m0', 'm1']);
        await expect({ limit: 20 }, ['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']);
        await expect({ offset: 10 }, []);
        await expect({ offset: 12, limit: 1 }, []);
        await expect({ limit: 0 }, []);
      },
    },
    {
      name: 'allMessages: roles filter before limit and offset',
      async run() {
        const memory = await fresh();
        await memory.appendMessages([
          ...Array.from({ length: 8 }, (_, index) => text(index)),
          text(8, 'tool'),
          text(9, 'system'),
        ]);
        const expect = async (query: AllMessagesOptions, expected: string[]) =>
          assert.deepEqual(
            await read(memory, query),
            expected,
            `allMessages(${JSON.stringify(query)})`,
          );
        await expect({ roles: ['user'] }, ['m0', 'm2', 'm4', 'm6']);
        await expect({ roles: ['user'], limit: 2 }, ['m4', 'm6']);
        await expect({ roles: ['assistant'], limit: 2, offset: 1 }, ['m3', 'm5']);
        await expect({ roles: ['tool', 'system'] }, ['m8', 'm9']);
        await expect({ roles: ['user', 'assistant', 'tool', 'system'], limit: 3 }, [
          'm7',
          'm8',
          'm9',
        ]);
      },
    },
    {
      name: 'appendMessages with an empty batch stores nothing',
      async run() {
        const memory = await fresh();
        await memory.appendMessages([]);
        assert.deepEqual(await memory.allMessages(), []);
      },
    },
    {
      name: 'appendMessages is atomic: a batch with an invalid message rejects with ValidationError and stores none of it',
      async run() {
        const memory = await fresh();
        await memory.appendMessage(text(0));
        for (const [label, invalid] of INVALID_MESSAGES) {
          const batch = [text(1), text(2), invalid as Message, text(3)];
          await expectRejection(
            () => memory.appendMessages(batch),
            isValidationError,
            `appendMessages with ${label} in the batch`,
          );
          assert.deepEqual(
            await read(memory),
            ['m0'],
            `after the batch with ${label}, the memory changed`,
          );
        }
        await expectRejection(
          () => memory.appendMessages('not an array' as unknown as Message[]),
          isValidationError,
          'appendMessages with a string instead of an array',
        );
      },
    },
    {
      name: 'appendMessage rejects an invalid message with ValidationError',
      async run() {
        const memory = await fresh();
        for (const [label, invalid] of INVALID_MESSAGES) {
          await expectRejection(
            () => memory.appendMessage(invalid as Message),
            isValidationError,
            `appendMessage with ${label}`,
          );
        }
        assert.deepEqual(await memory.allMessages(), []);
      },
    },
    {
      name: 'concurrent appends: 50 appendMessages at once store every message exactly once, each batch contiguous',
      async run() {
        const memory = await fresh();
        const batches = Array.from({ length: 50 }, (_, batch) =>
          Array.from(
            { length: 3 },
            (_, item): Message => ({ role: 'user', content: `b${batch}-${item}` }),
          ),
        );
        await Promise.all(batches.map((batch) => memory.appendMessages(batch)));
        const stored = await read(memory);
        assert.equal(stored.length, 150, `expected 150 messages, found ${stored.length}`);
        assert.equal(new Set(stored).size, 150, 'some messages were stored twice');
        for (let batch = 0; batch < 50; batch++) {
          const start = stored.indexOf(`b${batch}-0`);
          assert.ok(start >= 0, `batch ${batch} is missing`);
          assert.deepEqual(
            stored.slice(start, start + 3),
            [`b${batch}-0`, `b${batch}-1`, `b${batch}-2`],
            `batch ${batch} is not contiguous and in order`,
          );
        }
      },
    },
    {
      name: 'clear() empties the memory, which stays usable',
      async run() {
        const memory = await fresh();
        await memory.appendMessages([text(0), text(1)]);
        await memory.clear();
        assert.deepEqual(await memory.allMessages(), []);
        await memory.clear();
        await memory.appendMessage(text(2));
        assert.deepEqual(await read(memory), ['m2']);
      },
    },
    {
      name: 'messages round-trip deep-equal (content parts, tool calls with metadata, tool results, reasoning, refusals, provider metadata)',
      async run() {
        const memory = await fresh();
        const [first, ...rest] = ROUND_TRIP_MESSAGES;
        await memory.appendMessage(first as Message);
        await memory.appendMessages(rest);
        const stored = await memory.allMessages();
        assert.deepEqual(normalise(stored), normalise(ROUND_TRIP_MESSAGES));
        const tools = await memory.allMessages({ roles: ['tool'] });
        assert.deepEqual(
          normalise(tools),
          normalise(ROUND_TRIP_MESSAGES.filter((m) => m.role === 'tool')),
        );
      },
    },
    {
      name: 'the arrays it takes and returns are copies',
      async run() {
        const memory = await fresh();
        const batch = [text(0), text(1)];
        await memory.appendMessages(batch);
        batch.push(text(2));
        batch.reverse();
        const first = await memory.allMessages();
        first.push(text(3));
        first.reverse();
        assert.deepEqual(await read(memory), ['m0', 'm1']);
      },
    },
    {
      name: 'allMessages rejects an invalid limit, offset or role with ValidationError',
      async run() {
        const memory = await fresh();
        await memory.appendMessage(text(0));
        const invalid: AllMessagesOptions[] = [
          { limit: -1 },
          { limit: 1.5 },
          { limit: Number.NaN },
          { offset: -1 },
          { offset: 0.5 },
          { roles: ['bogus' as Message['role']] },
        ];
        for (const query of invalid) {
          await expectRejection(
            () => memory.allMessages(query),
            isValidationError,
            `allMessages(${JSON.stringify(query, (_key, value) => (Number.isNaN(value) ? 'NaN' : value))})`,
          );
        }
      },
    },
    {
      name: 'an already-aborted signal rejects with AbortError and writes nothing',
      async run() {
        const memory = await fresh();
        const signal = AbortSignal.abort();
        await expectRejection(
          () => memory.appendMessages([text(0)], { signal }),
          isAbortError,
          'appendMessages',
        );
        await expectRejection(
          () => memory.appendMessage(text(1), { signal }),
          isAbortError,
          'appendMessage',
        );
        await expectRejection(() => memory.allMessages({ signal }), isAbortError, 'allMessages');
        await memory.appendMessage(text(2));
        await expectRejection(() => memory.clear({ signal }), isAbortError, 'clear');
        assert.deepEqual(await read(memory), ['m2']);
      },
    },
  ];

  const forConversation = options.makeMemoryForConversation;
  const context = { fresh, forConversation };
  checks.push(
    ...(options.versioned === true
      ? versionedChecks(context)
      : [undeclared(fresh, 'readVersioned', 'versioned')]),
    ...(options.turnLock === true
      ? turnLockChecks(context)
      : [undeclared(fresh, 'acquireTurn', 'turnLock')]),
  );
  if (forConversation !== undefined) {
    checks.push({
      name: 'conversations are isolated: writes and clear() of one leave the other untouched',
      async run() {
        const suffix = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
        const first = await forConversation(`conformance-a-${suffix}`);
        const second = await forConversation(`conformance-b-${suffix}`);
        assert.deepEqual(await first.allMessages(), [], 'a new conversation must be empty');
        assert.deepEqual(await second.allMessages(), [], 'a new conversation must be empty');
        await first.appendMessages([text(0), text(1)]);
        await second.appendMessages([text(10), text(11), text(12)]);
        await first.appendMessage(text(2));
        assert.deepEqual(await read(first), ['m0', 'm1', 'm2']);
        assert.deepEqual(await read(second, { limit: 2 }), ['m11', 'm12']);
        await first.clear();
        assert.deepEqual(await first.allMessages(), []);
        assert.deepEqual(
          await read(second),
          ['m10', 'm11', 'm12'],
          'clear() of one conversation removed another’s messages',
        );
        const again = await forConversation(`conformance-b-${suffix}`);
        assert.deepEqual(
          await read(again),
          ['m10', 'm11', 'm12'],
          'a second handle on a conversation must see its messages',
        );
      },
    });
  }
  return checks;
}
