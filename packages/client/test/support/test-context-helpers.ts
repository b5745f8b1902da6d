import type { ChatRequest, Message, ModelLimits, StreamProvider, ToolCall } from '@aigo/ai';
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
