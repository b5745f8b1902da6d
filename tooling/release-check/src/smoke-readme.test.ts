import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkExampleOutput,
  firstTypeScriptBlock,
  offlineExample,
  type ScriptedOpenAIServer,
  startScriptedOpenAIServer,
} from './smoke-readme.js';

let server: ScriptedOpenAIServer;
beforeAll(async () => {
  server = await startScriptedOpenAIServer();
});
afterAll(async () => {
  await server.close();
});

async function complete(messages: object[]): Promise<Record<string, unknown>> {
  const response = await fetch(`${server.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

function toolArguments(completion: Record<string, unknown>): unknown {
  const choices = completion['choices'] as {
    message: { tool_calls?: { function: { arguments: string } }[] };
  }[];
  const call = choices[0]?.message.tool_calls?.[0];
  return call ? JSON.parse(call.function.arguments) : undefined;
}

describe('the README example for the smoke project', () => {
  it('takes the first ts block and points openai() at the local server with OpenAI prices', () => {
    const readme = 'text\n```sh\nnpm i x\n```\n```ts\nconst p = openai();\n```\n```ts\nlater\n```';
    expect(firstTypeScriptBlock(readme)).toBe('const p = openai();\n');
    expect(offlineExample('const p = openai();', 'http://127.0.0.1:1/v1')).toBe(
      `const p = openai({ baseURL: "http://127.0.0.1:1/v1", apiKey: 'offline', prices: 'openai' });`,
    );
    expect(() => offlineExample('const p = gemini();', 'x')).toThrow(/openai\(\)/);
  });

  it('plays the calculator questions, then the answer, with usage', async () => {
    const first = await complete([{ role: 'user', content: 'What is 17 × 23 + 4?' }]);
    expect(toolArguments(first)).toMatchObject({ operation: 'multiply', a: 17, b: 23 });
    const second = await complete([{ role: 'user' }, { role: 'tool' }]);
    expect(toolArguments(second)).toMatchObject({ operation: 'add', b: 4 });
    const last = (await complete([{ role: 'tool' }, { role: 'tool' }])) as {
      choices: { message: { content: string } }[];
      usage: { total_tokens: number };
    };
    expect(last.choices[0]?.message.content).toBe('{"total":395}');
    expect(last.usage.total_tokens).toBeGreaterThan(0);
  });

  it('accepts the answer with a priced cost and names what is missing otherwise', () => {
    const good =
      "395\n$0.000123\n[\n  { source: 'provider', provider: 'openai', date: '2026-09-23', model: 'gpt-4o-mini' }\n]\n";
    expect(checkExampleOutput(good)).toEqual([]);
    expect(checkExampleOutput('394\ncost unknown for gpt-4o-mini\n[]\n')).toEqual([
      'the answer line is "394", not 395',
      'the cost line is "cost unknown for gpt-4o-mini", not a nonzero $ amount',
      "the price source (provider 'openai' with its date) is not printed",
    ]);
  });
});
