import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChatRequest, ChatResponse, StreamProvider } from '@aigo/ai';
import { createFakeProvider, estimateUsage } from '@aigo/testing/fake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OfflineServer, startOfflineServer } from '../src/offline/offline-server.js';

const demoDir = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(fileURLToPath(new URL('../../../README.md', import.meta.url)), 'utf8');

/** The root README's first code block: the example every new user runs first. */
function readmeExample(): string {
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (block === undefined) throw new Error('README.md has no ts code block');
  return block;
}

/**
 * The README question played by a scripted model: multiply with the calculator, add, answer with
 * the JSON the schema asks for — answering as OpenAI does, with the dated model name and usage.
 */
function readmeModel(): StreamProvider {
  return createFakeProvider({ id: 'readme' }).onRequest((request: ChatRequest) => {
    const results = request.messages.filter((message) => message.role === 'tool').length;
    const call = (id: string, args: object): Partial<ChatResponse> => ({
      content: '',
      toolCalls: [
        { id, type: 'function', function: { name: 'Calculator', arguments: JSON.stringify(args) } },
      ],
    });
    const step =
      results === 0
        ? call('call_1', { operation: 'multiply', a: 17, b: 23 })
        : results === 1
          ? call('call_2', { operation: 'add', a: 391, b: 4 })
          : { content: '{"total":395}' };
    return {
      ...step,
      model: 'gpt-4o-mini-2024-07-18',
      usage: estimateUsage(request, {
        content: step.content ?? '',
        ...(step.toolCalls === undefined ? {} : { toolCalls: step.toolCalls }),
      }),
    };
  });
}

let server: OfflineServer;
beforeAll(async () => {
  server = await startOfflineServer({ model: readmeModel() });
});
afterAll(async () => {
  await server.close();
});

/** Runs `code` as an ES module in the demo's folder (so `@aigo/*` resolve), offline. */
function run(code: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (/^(OPENAI_|GEMINI_|AIGO_)/.test(name)) delete env[name];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', code],
      { cwd: demoDir, env },
      (error, stdout, stderr) => {
        resolve({ code: error === null ? 0 : Number(error.code ?? -1), stdout, stderr });
      },
    );
  });
}

describe("the root README's example, against the offline server", { timeout: 30_000 }, () => {
  it('prints the typed answer and a nonzero cost with where its price came from', async () => {
    const example = readmeExample();
    // The one change: the offline server stands in for api.openai.com, so openai() is pointed at it
    // and keeps OpenAI's prices (a server that is not OpenAI gets none by default).
    expect(example).toContain('openai()');
    const offline = example.replace(
      'openai()',
      `openai({ baseURL: ${JSON.stringify(server.baseURL)}, apiKey: 'offline', prices: 'openai' })`,
    );
    const { code, stdout, stderr } = await run(offline);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('395');
    const cost = /^\$(\d+\.\d{6})$/.exec(lines[1] ?? '');
    expect(cost, lines[1]).not.toBeNull();
    expect(Number(cost?.[1])).toBeGreaterThan(0);
    expect(stdout).toMatch(
      /source: 'provider',\s+provider: 'openai',\s+date: '\d{4}-\d{2}-\d{2}',\s+model: 'gpt-4o-mini'/,
    );
  });

  it('says the cost is unknown, not $0, when the server is not OpenAI and no price is given', async () => {
    const offline = readmeExample().replace(
      'openai()',
      `openai({ baseURL: ${JSON.stringify(server.baseURL)}, apiKey: 'offline' })`,
    );
    const { code, stdout, stderr } = await run(offline);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout.split('\n').slice(0, 3)).toEqual(['395', 'cost unknown for gpt-4o-mini', '[]']);
  });
});
