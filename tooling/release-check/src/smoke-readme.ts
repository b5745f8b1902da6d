import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The first ` ```ts ` block of a README: the example every new user runs first. */
export function firstTypeScriptBlock(readme: string): string {
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error('README.md has no ts code block');
  return block;
}

/**
 * The example with `openai()` pointed at a local server that stands in for api.openai.com (keeping
 * OpenAI's list prices, which a server that is not OpenAI does not get by default).
 */
export function offlineExample(example: string, baseURL: string): string {
  if (!example.includes('openai()')) throw new Error('the README example no longer calls openai()');
  return example.replace(
    'openai()',
    `openai({ baseURL: ${JSON.stringify(baseURL)}, apiKey: 'offline', prices: 'openai' })`,
  );
}

/** A running stand-in for the OpenAI Chat Completions API. */
export interface ScriptedOpenAIServer {
  /** The base URL to give `openai({ baseURL })` (ends in `/v1`). */
  readonly baseURL: string;
  close(): Promise<void>;
}

/**
 * A local Chat Completions server that plays the README's question: the first call asks the
 * calculator for 17 × 23, the second for 391 + 4, the third answers `{"total":395}` — as OpenAI
 * answers, with the dated model name and token usage, so the run is priced.
 */
export async function startScriptedOpenAIServer(): Promise<ScriptedOpenAIServer> {
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.method !== 'POST' || !request.url?.endsWith('/chat/completions')) {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end('{"error":{"message":"not found"}}');
        return;
      }
      const messages = (JSON.parse(body) as { messages?: { role?: string }[] }).messages ?? [];
      const results = messages.filter((message) => message.role === 'tool').length;
      const call = (id: string, args: object) => ({
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id,
            type: 'function',
            function: { name: 'Calculator', arguments: JSON.stringify(args) },
          },
        ],
      });
      const message =
        results === 0
          ? call('call_1', { operation: 'multiply', a: 17, b: 23 })
          : results === 1
            ? call('call_2', { operation: 'add', a: 391, b: 4 })
            : { role: 'assistant', content: '{"total":395}' };
      const prompt = 120 + Math.ceil(body.length / 4);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: `chatcmpl-smoke-${results}`,
          object: 'chat.completion',
          created: 1_764_000_000,
          model: 'gpt-4o-mini-2024-07-18',
          choices: [
            {
              index: 0,
              message,
              finish_reason: results < 2 ? 'tool_calls' : 'stop',
            },
          ],
          usage: { prompt_tokens: prompt, completion_tokens: 20, total_tokens: prompt + 20 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Checks what the README example printed: the typed answer, then a nonzero cost, then where its
 * price came from. Returns one sentence per problem.
 */
export function checkExampleOutput(stdout: string): string[] {
  const lines = stdout.trimEnd().split('\n');
  const problems: string[] = [];
  if (lines[0] !== '395') problems.push(`the answer line is ${JSON.stringify(lines[0])}, not 395`);
  const cost = /^\$(\d+\.\d+)$/.exec(lines[1] ?? '');
  if (cost === null || !(Number(cost[1]) > 0)) {
    problems.push(`the cost line is ${JSON.stringify(lines[1])}, not a nonzero $ amount`);
  }
  if (!/source: 'provider',\s+provider: 'openai',\s+date: '\d{4}-\d{2}-\d{2}'/.test(stdout)) {
    problems.push("the price source (provider 'openai' with its date) is not printed");
  }
  return problems;
}
