// Test helper (not built): a small reference memory the memory conformance suite runs against, with
// switches that break one rule each, to prove that the suite's checks catch them.
import {
  AbortError,
  type AllMessagesOptions,
  type MemoryProvider,
  type MemoryWriteOptions,
  type Message,
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
}

export function arrayMemory(
  store: Map<string, Message[]> = new Map(),
  conversationId = 'default',
  faults: ArrayMemoryFaults = {},
): MemoryProvider {
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
    },
  };
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
