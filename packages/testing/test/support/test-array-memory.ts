// Test helper (not built): a small reference memory the memory conformance suite runs against, with
// switches that break one rule each, to prove that the suite's checks catch them.
import {
  AbortError,
  type AllMessagesOptions,
  ConversationConflictError,
  checkMemoryWriteOptions,
  type MemoryProvider,
  type MemoryWriteOptions,
  type Message,
  type ReleaseTurn,
  ROLES,
  ValidationError,
} from '@aigo/ai';

export interface ArrayMemoryFaults {
  /** Store the valid messages of a batch up to the first invalid one. */
  nonAtomic?: boolean;
  /** Accept any message. */
  noValidation?: boolean;
  /** Store a batch one message at a time, yielding between them. */
  interleave?: boolean;
  /** Count offset from the oldest message. */
  offsetFromOldest?: boolean;
  /** Apply roles after limit and offset. */
  rolesAfterLimit?: boolean;
  /** clear() empties every conversation. */
  clearAll?: boolean;
  /** Drop providerMetadata from tool calls. */
  dropToolCallMetadata?: boolean;
  /** Return the stored array itself. */
  shareArrays?: boolean;
  /** Accept any limit and offset. */
  noQueryValidation?: boolean;
  /** Ignore abort signals. */
  ignoreSignal?: boolean;
  /** Versioned: store whatever the expected version. */
  ignoreExpectedVersion?: boolean;
  /** Versioned: store a turn id again. */
  repeatTurns?: boolean;
  /** Versioned: a plain append leaves the version as it was. */
  keepVersionOnAppend?: boolean;
  /** Versioned: a conflict reports the expected version as the actual one. */
  misreportConflict?: boolean;
  /** Turn lock: every memory object has a lock of its own. */
  lockPerObject?: boolean;
  /** Turn lock: acquireTurn never waits. */
  noWait?: boolean;
}

/** Which optional capabilities the reference memory has. */
export interface ArrayMemoryCapabilities {
  versioned?: boolean;
  turnLock?: boolean;
}

interface ConversationState {
  version: number;
  readonly turnIds: Set<string>;
  tail: Promise<void>;
}

/** Versions, turn ids and locks of the conversations of one store map. */
const states = new WeakMap<Map<string, Message[]>, Map<string, ConversationState>>();
let versions = 0;

function stateOf(store: Map<string, Message[]>, conversationId: string): ConversationState {
  let conversations = states.get(store);
  if (conversations === undefined) {
    conversations = new Map();
    states.set(store, conversations);
  }
  let state = conversations.get(conversationId);
  if (state === undefined) {
    state = { version: 0, turnIds: new Set(), tail: Promise.resolve() };
    conversations.set(conversationId, state);
  }
  return state;
}

function lockOn(
  state: { tail: Promise<void> },
  signal: AbortSignal | undefined,
): Promise<ReleaseTurn> {
  if (signal?.aborted) return Promise.reject(AbortError.fromSignal(signal));
  const previous = state.tail;
  let release!: () => void;
  const slot = new Promise<void>((resolve) => {
    release = resolve;
  });
  state.tail = previous.then(() => slot);
  const done = () => release();
  if (signal === undefined) return previous.then(() => done);
  return new Promise<ReleaseTurn>((resolve, reject) => {
    const onAbort = () => {
      done();
      reject(AbortError.fromSignal(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    previous.then(() => {
      signal.removeEventListener('abort', onAbort);
      if (!signal.aborted) resolve(done);
    });
  });
}

export function arrayMemory(
  store: Map<string, Message[]> = new Map(),
  conversationId = 'default',
  faults: ArrayMemoryFaults = {},
  capabilities: ArrayMemoryCapabilities = {},
): MemoryProvider {
  const state = () => stateOf(store, conversationId);
  const ownLock = { tail: Promise.resolve() };
  const messages = (): Message[] => {
    let list = store.get(conversationId);
    if (list === undefined) {
      list = [];
      store.set(conversationId, list);
    }
    return list;
  };
  const checkSignal = (signal: AbortSignal | undefined) => {
    if (!faults.ignoreSignal && signal?.aborted) throw AbortError.fromSignal(signal);
  };
  const copy = (message: Message): Message => {
    const clone = structuredClone(message) as Message;
    if (faults.dropToolCallMetadata && clone.toolCalls !== undefined) {
      return {
        ...clone,
        toolCalls: clone.toolCalls.map(({ providerMetadata: _dropped, ...call }) => call),
      };
    }
    return clone;
  };
  /** The versioned part of a write: false when the batch must not be stored (a repeated turn). */
  const admit = (options: MemoryWriteOptions | undefined, count: number): boolean => {
    if (!capabilities.versioned || count === 0) return true;
    const { expectedVersion, turnId } = checkMemoryWriteOptions(options);
    const current = state();
    if (turnId !== undefined && current.turnIds.has(turnId) && !faults.repeatTurns) return false;
    if (
      expectedVersion !== undefined &&
      expectedVersion !== current.version &&
      !faults.ignoreExpectedVersion
    ) {
      throw new ConversationConflictError({
        conversationId,
        expectedVersion,
        actualVersion: faults.misreportConflict ? expectedVersion : current.version,
      });
    }
    if (turnId !== undefined) current.turnIds.add(turnId);
    if (!faults.keepVersionOnAppend || expectedVersion !== undefined) current.version = ++versions;
    return true;
  };
  const memory: MemoryProvider = {
    async appendMessages(batch: readonly Message[], options?: MemoryWriteOptions) {
      checkSignal(options?.signal);
      if (!Array.isArray(batch)) throw new ValidationError('messages', 'must be an array');
      if (faults.nonAtomic) {
        for (const [index, message] of batch.entries()) {
          validate(message, `messages[${index}]`);
          messages().push(copy(message));
        }
        return;
      }
      if (!faults.noValidation) {
        batch.forEach((message, index) => {
          validate(message, `messages[${index}]`);
        });
      }
      if (!admit(options, batch.length)) return;
      const copies = batch.map(copy);
      if (faults.interleave) {
        for (const message of copies) {
          messages().push(message);
          await Promise.resolve();
        }
        return;
      }
      messages().push(...copies);
    },
    appendMessage(message: Message, options?: MemoryWriteOptions) {
      return memory.appendMessages([message], options);
    },
    async allMessages(options: AllMessagesOptions = {}) {
      checkSignal(options.signal);
      const { limit, offset = 0, roles } = options;
      if (!faults.noQueryValidation) {
        if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) {
          throw new ValidationError('options.limit', 'must be a non-negative integer');
        }
        if (!Number.isInteger(offset) || offset < 0) {
          throw new ValidationError('options.offset', 'must be a non-negative integer');
        }
        if (roles?.some((role) => !ROLES.includes(role))) {
          throw new ValidationError('options.roles', `must hold only ${ROLES.join(', ')}`);
        }
      }
      if (faults.shareArrays) return messages();
      let list = messages();
      const filter = (items: Message[]) =>
        roles === undefined ? items : items.filter((message) => roles.includes(message.role));
      if (!faults.rolesAfterLimit) list = filter(list);
      let end = list.length - offset;
      if (faults.offsetFromOldest) {
        const slice = list.slice(offset);
        list = limit === undefined ? slice : slice.slice(Math.max(0, slice.length - limit));
      } else {
        end = Math.max(0, end);
        const start = limit === undefined ? 0 : Math.max(0, end - limit);
        list = list.slice(start, end);
      }
      if (faults.rolesAfterLimit) list = filter(list);
      return list.map(copy);
    },
    async clear(options?: MemoryWriteOptions) {
      checkSignal(options?.signal);
      if (faults.clearAll) {
        for (const list of store.values()) list.length = 0;
        return;
      }
      messages().length = 0;
      state().version = 0;
      state().turnIds.clear();
    },
  };
  if (capabilities.versioned) {
    memory.readVersioned = async (options?: AllMessagesOptions) => ({
      messages: await memory.allMessages(options),
      version: state().version,
    });
  }
  if (capabilities.turnLock) {
    memory.acquireTurn = (options) => {
      if (faults.noWait) return Promise.resolve(() => undefined);
      return lockOn(faults.lockPerObject ? ownLock : state(), options?.signal);
    };
  }
  return memory;
}

function validate(message: unknown, argument: string): void {
  if (message === null || typeof message !== 'object') {
    throw new ValidationError(argument, 'must be a message object');
  }
  const { role, content } = message as { role?: unknown; content?: unknown };
  if (typeof role !== 'string' || !ROLES.includes(role as Message['role'])) {
    throw new ValidationError(`${argument}.role`, `must be one of ${ROLES.join(', ')}`);
  }
  if (typeof content !== 'string' && !Array.isArray(content)) {
    throw new ValidationError(`${argument}.content`, 'must be a string or an array of parts');
  }
}
