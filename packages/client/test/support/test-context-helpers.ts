import {
  assistantMessage,
  type ChatRequest,
  type MemoryProvider,
  type Message,
  type ModelLimits,
  type StreamProvider,
  type ToolCall,
  toolMessage,
  userMessage,
} from '@aigo/ai';
import type { FakeProvider } from '@aigo/testing';

/** A fake provider that also reports a model's limits (the fake has none of its own). */
export function withLimits(fake: FakeProvider, limits: ModelLimits): StreamProvider {
  return {
    id: fake.id,
    sendMessage: (request, options) => fake.sendMessage(request, options),
    streamMessage: (request, options) => fake.streamMessage(request, options),
    modelLimits: () => limits,
  };
}

/** A text of about `tokens` estimated tokens. */
export function textOf(tokens: number, word = 'word'): string {
  return `${word} `.repeat(Math.ceil((tokens * 4) / (word.length + 1))).slice(0, tokens * 4);
}

/** One tool call. */
export function call(id: string, name = 'lookup', args = '{}'): ToolCall {
  return { id, type: 'function', function: { name, arguments: args } };
}

/** Problems of a request's message order: orphan results, calls without results, first message. */
export function orderProblems(request: ChatRequest): string[] {
  const problems: string[] = [];
  const messages = request.messages;
  const first = messages.find((message) => message.role !== 'system');
  if (first !== undefined && first.role !== 'user') problems.push(`first is ${first.role}`);
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    if (message.role === 'tool') {
      let back = index - 1;
      while (back >= 0 && (messages[back] as Message).role === 'tool') back--;
      const owner = messages[back];
      const ids = owner?.role === 'assistant' ? (owner.toolCalls ?? []).map((one) => one.id) : [];
      if (!ids.includes(message.toolCallId ?? '')) problems.push(`orphan result at ${index}`);
    }
    if (message.role === 'assistant' && (message.toolCalls?.length ?? 0) > 0) {
      const answered = new Set<string>();
      for (let next = index + 1; next < messages.length; next++) {
        const result = messages[next] as Message;
        if (result.role !== 'tool') break;
        answered.add(result.toolCallId ?? '');
      }
      for (const one of message.toolCalls ?? []) {
        if (!answered.has(one.id)) problems.push(`call ${one.id} without result at ${index}`);
      }
    }
  }
  return problems;
}

/**
 * A random history from `random` (a `seededRandom`): user and assistant messages, tool calls with
 * their results in any order (some very large), stray results, and sometimes a last call without
 * its result. It opens with the user, as conversations do.
 */
export function randomHistory(random: () => number, length: number): Message[] {
  const messages: Message[] = [userMessage('hello')];
  let next = 0;
  while (messages.length < length) {
    const kind = random();
    const size = Math.floor(random() * 400) + 1;
    if (kind < 0.35) messages.push(userMessage(textOf(size)));
    else if (kind < 0.6) messages.push(assistantMessage(textOf(size)));
    else if (kind < 0.95) {
      const calls: ToolCall[] = [];
      const count = 1 + Math.floor(random() * 3);
      for (let index = 0; index < count; index++) calls.push(call(`c${next++}`));
      messages.push(assistantMessage(random() < 0.5 ? '' : textOf(20), calls));
      const order = [...calls].sort(() => random() - 0.5);
      for (const one of order) {
        const big = random() < 0.2 ? 5_000 : size;
        messages.push(toolMessage(one.id, textOf(big), 'lookup'));
      }
    } else {
      messages.push(toolMessage(`stray${next++}`, textOf(size), 'lookup'));
    }
  }
  if (random() < 0.2) messages.push(assistantMessage('', [call(`c${next++}`)]));
  return messages;
}

/** One of `items`, drawn from `random`. */
export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A memory without bounded reads (only the required methods). */
export function plainMemory(): MemoryProvider {
  const stored: Message[] = [];
  return {
    async appendMessages(batch) {
      stored.push(...batch);
    },
    async appendMessage(message) {
      stored.push(message);
    },
    async allMessages() {
      return stored.slice();
    },
    async clear() {
      stored.length = 0;
    },
  };
}
