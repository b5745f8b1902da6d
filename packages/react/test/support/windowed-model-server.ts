// A stand-in for an OpenAI-compatible model server with a small context window: a node:http server
// on 127.0.0.1 that answers Chat Completions, refuses a request over its window with OpenAI's
// context_length_exceeded error, and checks that no tool call goes without its result.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

interface WireMessage {
  readonly role: string;
  readonly content?: string | null;
  readonly tool_calls?: readonly { readonly id: string }[];
  readonly tool_call_id?: string;
}

/** What the server saw of one request. */
export interface SeenRequest {
  readonly tokens: number;
  readonly messages: number;
  readonly overflowed: boolean;
  readonly problems: readonly string[];
}

function problemsOf(messages: readonly WireMessage[]): string[] {
  const problems: string[] = [];
  const open = new Set<string>();
  messages.forEach((message, index) => {
    if (message.role === 'tool' && !open.has(message.tool_call_id ?? '')) {
      problems.push(`result without its call at ${index}`);
    }
    if (message.role === 'assistant') {
      if (open.size > 0) problems.push(`call without its result before ${index}`);
      open.clear();
      for (const call of message.tool_calls ?? []) open.add(call.id);
    } else if (message.role === 'tool') {
      open.delete(message.tool_call_id ?? '');
    }
  });
  if (open.size > 0) problems.push('call without its result at the end');
  return problems;
}

/**
 * Starts the server. `window` is its context window in tokens (a token per four characters of the
 * request's messages); the first `toolTurns` answers call `fetch_page`, the next answers `final`.
 */
export async function startWindowedModelServer(window: number, toolTurns: number, final: string) {
  const seen: SeenRequest[] = [];
  let answered = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: WireMessage[] };
      const text = body.messages.map((message) => message.content ?? '').join('');
      const tokens = Math.ceil(text.length / 4);
      const overflowed = tokens > window;
      seen.push({
        tokens,
        messages: body.messages.length,
        overflowed,
        problems: problemsOf(body.messages.filter((one) => one.role !== 'system')),
      });
      res.setHeader('content-type', 'application/json');
      if (overflowed) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: {
              message: `This model's maximum context length is ${window} tokens. However, your messages resulted in ${tokens} tokens.`,
              type: 'invalid_request_error',
              param: 'messages',
              code: 'context_length_exceeded',
            },
          }),
        );
        return;
      }
      answered += 1;
      const message =
        answered <= toolTurns
          ? {
              role: 'assistant',
              content: null,
              tool_calls: [
                {
                  id: `call_${answered}`,
                  type: 'function',
                  function: { name: 'fetch_page', arguments: `{"page":${answered}}` },
                },
              ],
            }
          : { role: 'assistant', content: final };
      res.end(
        JSON.stringify({
          id: `chatcmpl-${answered}`,
          object: 'chat.completion',
          created: 1,
          model: 'offline-model',
          choices: [
            {
              index: 0,
              message,
              finish_reason: answered <= toolTurns ? 'tool_calls' : 'stop',
            },
          ],
          usage: { prompt_tokens: tokens, completion_tokens: 10, total_tokens: tokens + 10 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    async [Symbol.asyncDispose]() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
