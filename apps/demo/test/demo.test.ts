import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StreamProvider } from '@aigo/ai';
import { describe, expect, it } from 'vitest';
import { createOfflineModel, offlineQuestion } from '../src/offline/offline-model.js';
import { startOfflineServer } from '../src/offline/offline-server.js';

const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/**
 * The environment of the child: this one without anything that would pick an online provider or a
 * price, so the demo runs offline (no key, no network: every URL it uses is on 127.0.0.1).
 */
function offlineEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of Object.keys(env)) {
    if (
      /^(OPENAI_|GEMINI_|ANTHROPIC_|AIGO_)|^GOOGLE_(GENERATIVE_AI_)?API_KEY$|^NO_COLOR$/.test(name)
    ) {
      delete env[name];
    }
  }
  return { ...env, ...extra };
}

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

function runDemo(args: readonly string[], env = offlineEnv()): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [main, ...args], { env }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      resolve({ code, stdout, stderr });
    });
  });
}

type JsonEvent = { readonly type: string } & Record<string, unknown>;

describe('the built demo, offline, as a child process', { timeout: 30_000 }, () => {
  it('runs the typed ReAct agent with both tools and prints the result and the cost table', async () => {
    const { code, stdout, stderr } = await runDemo([]);
    expect(stderr).toBe('');
    expect(code).toBe(0);

    // Clearly offline, through a local OpenAI-compatible server and the real adapter.
    expect(stdout).toMatch(
      /^provider {2}OFFLINE scripted model \(@aigo\/testing\) behind a local OpenAI-compatible server at http:\/\/127\.0\.0\.1:\d+\/v1, called through @aigo\/openai\. No network, no API key\.$/m,
    );
    expect(stdout).toMatch(/^model {5}aigo-offline-scripted$/m);
    expect(stdout).toMatch(/^tools {5}Calculator, WebFetch$/m);

    // Three iterations, each with its progress line (no TTY: plain lines), reasoning streamed.
    for (const iteration of [1, 2, 3]) {
      expect(stdout).toMatch(new RegExp(`^── iteration ${iteration} ─+$`, 'm'));
      expect(stdout).toMatch(
        new RegExp(`^progress: iteration ${iteration} · [\\d,~]+ tokens · \\d+\\.\\d s$`, 'm'),
      );
    }
    expect(stdout).toMatch(/^thinking: The user wants the height in feet\./m);

    // Each tool call and its real result, as they happen and in order.
    const fetchCall = stdout.search(
      /^→ call {4}WebFetch \{"url":"http:\/\/127\.0\.0\.1:\d+\/pages\/eiffel-tower\.html"\}$/m,
    );
    const fetchResult = stdout.search(
      /^← result {2}WebFetch \(\d+ ms\) \{"url":"http:\/\/127\.0\.0\.1:\d+\/pages\/eiffel-tower\.html","title":"The Eiffel Tower in numbers"/m,
    );
    const calcCall = stdout.indexOf(
      '→ call    Calculator {"operation":"multiply","a":330,"b":3.28084}\n',
    );
    const calcResult = stdout.search(
      /^← result {2}Calculator \(\d+ ms\) \{"result":1082\.6772,"expression":"330 \* 3\.28084 = 1082\.6772"\}$/m,
    );
    expect([fetchCall, fetchResult, calcCall, calcResult].every((index) => index > 0)).toBe(true);
    expect(fetchCall).toBeLessThan(fetchResult);
    expect(fetchResult).toBeLessThan(calcCall);
    expect(calcCall).toBeLessThan(calcResult);

    // The streamed answer, then the typed result.
    expect(stdout).toContain('answer:   {"answer":"The Eiffel Tower is 330 m tall');
    expect(stdout).toContain(
      '  answer   The Eiffel Tower is 330 m tall including its antennas, which is about 1,082.68 ft.\n' +
        '  figures  height 330 m · height 1,082.68 ft\n',
    );

    // The cost table: the model with cached and reasoning tokens, both tools, compute, the total,
    // and the example price clearly labelled.
    expect(stdout).toMatch(
      /^ {2}model {4}aigo-offline-scripted {6}3 +[\d,]+ \([\d,]+\) +[\d,]+ \([\d,]+\) +\$0\.\d{6}$/m,
    );
    expect(stdout).toMatch(/^ {2}tool {5}WebFetch +1 +\$0\.000000$/m);
    expect(stdout).toMatch(/^ {2}tool {5}Calculator +1 +\$0\.000000$/m);
    expect(stdout).toMatch(/^ {2}compute {2}\d+\.\d\d s +\$0\.\d{6}$/m);
    expect(stdout).toMatch(/^ {2}total +\$0\.\d{6}$/m);
    expect(stdout).toContain('prices: EXAMPLE prices for the offline run');
    expect(stdout).toContain('Nothing is charged.');
    expect(stdout).toMatch(/\ndone in \d+\.\d\d s · 3 iterations · [\d,]+ tokens\n$/);

    // Not a terminal: no escape sequences at all.
    expect(stdout).not.toContain('\u001b');
  });

  it('--approve asks on the terminal before each tool call: a yes runs it, a no is refused and the model goes on', async () => {
    const { code, stdout, stderr } = await new Promise<Run>((resolve) => {
      const child = execFile(
        process.execPath,
        [main, '--approve'],
        { env: offlineEnv() },
        (error, out, err) => {
          resolve({
            code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1,
            stdout: out,
            stderr: err,
          });
        },
      );
      child.stdin?.end('y\nn\n');
    });
    expect(code).toBe(0);
    expect(stderr).toMatch(
      /approve WebFetch \{"url":"http:\/\/127\.0\.0\.1:\d+\/pages\/eiffel-tower\.html"\}\? \[y\/N\] yes\n/,
    );
    expect(stderr).toContain(
      'approve Calculator {"operation":"multiply","a":330,"b":3.28084}? [y/N] no\n',
    );
    expect(stdout).toMatch(/^← result {2}WebFetch \(\d+ ms\)/m);
    expect(stdout).toMatch(
      /^✗ failed {2}Calculator \(0 ms\) \{"ok":false,"error":\{"code":"tool_refused"/m,
    );
    expect(stdout).toMatch(/^ {2}tool {5}WebFetch +1 +\$0\.000000$/m);
    expect(stdout).not.toMatch(/^ {2}tool {5}Calculator/m);
    expect(stdout).toMatch(/\ndone in \d+\.\d\d s · 3 iterations · [\d,]+ tokens\n$/);
  });

  it('--json prints one JSON event per line, in the order things happened', async () => {
    const { code, stdout, stderr } = await runDemo(['--json']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trimEnd().split('\n');
    const events = lines.map((line) => JSON.parse(line) as JsonEvent);

    expect(events[0]).toMatchObject({
      type: 'setup',
      provider: 'offline',
      offline: true,
      model: 'aigo-offline-scripted',
      tools: ['Calculator', 'WebFetch'],
    });
    expect(events.at(-1)).toMatchObject({ type: 'end', ok: true, iterations: 3 });

    // The outline, with the token-by-token fragments folded.
    const outline = events
      .map((event) => event.type)
      .filter((type, index, types) => type !== types[index - 1]);
    expect(outline).toEqual([
      'setup',
      'iteration_start',
      'reasoning',
      'usage',
      'tool_call',
      'tool_result',
      'iteration_start',
      'reasoning',
      'usage',
      'tool_call',
      'tool_result',
      'iteration_start',
      'reasoning',
      'content',
      'usage',
      'final_answer',
      'cost',
      'end',
    ]);
    // Streamed fragments which together are the whole answer. (Without a terminal the offline model
    // does not pace its words, so the agent may read them joined in fewer, longer fragments.)
    const content = events.filter((event) => event.type === 'content');
    expect(content.length).toBeGreaterThan(0);
    const answerText = content.map((event) => event.text).join('');
    const final = events.find((event) => event.type === 'final_answer');
    expect(JSON.parse(answerText)).toEqual(final?.result);
    expect(final?.result).toEqual({
      answer: 'The Eiffel Tower is 330 m tall including its antennas, which is about 1,082.68 ft.',
      figures: [
        { label: 'height', value: 330, unit: 'm' },
        { label: 'height', value: 1082.68, unit: 'ft' },
      ],
      sources: [expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/pages\/eiffel-tower\.html$/)],
    });

    const calls = events.filter((event) => event.type === 'tool_call');
    expect(calls.map((event) => [event.name, JSON.parse(String(event.arguments))])).toEqual([
      ['WebFetch', { url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\//) }],
      ['Calculator', { operation: 'multiply', a: 330, b: 3.28084 }],
    ]);
    const results = events.filter((event) => event.type === 'tool_result');
    expect(results.map((event) => event.failed)).toEqual([false, false]);
    expect(JSON.parse(String(results[0]?.result))).toMatchObject({
      title: 'The Eiffel Tower in numbers',
      content_type: 'text/html',
      markdown: expect.stringContaining('**330 metres**'),
    });

    // Usage per call; the last total is the run's, with cached and reasoning tokens.
    const usage = events.filter((event) => event.type === 'usage') as unknown as {
      call: { totalTokens: number };
      total: { totalTokens: number; cachedTokens: number; reasoningTokens: number };
    }[];
    expect(usage).toHaveLength(3);
    const end = events.at(-1) as unknown as { usage: Record<string, number> };
    expect(usage.at(-1)?.total).toEqual(end.usage);
    expect(usage.reduce((sum, event) => sum + event.call.totalTokens, 0)).toBe(
      end.usage.totalTokens,
    );
    expect(end.usage.cachedTokens).toBeGreaterThan(0);
    expect(end.usage.reasoningTokens).toBeGreaterThan(0);

    const cost = events.find((event) => event.type === 'cost') as unknown as {
      currency: string;
      totalCost: number;
      rows: { kind: string; name?: string; cost: number; cachedTokens?: number }[];
      complete: boolean;
      priceNotes: string[];
    };
    expect(cost.currency).toBe('USD');
    expect(cost.rows.map((row) => `${row.kind}:${row.name ?? ''}`)).toEqual([
      'model:aigo-offline-scripted',
      'tool:WebFetch',
      'tool:Calculator',
      'compute:',
    ]);
    expect(cost.rows[0]?.cachedTokens).toBe(end.usage.cachedTokens);
    expect(cost.totalCost).toBeCloseTo(
      cost.rows.reduce((sum, row) => sum + row.cost, 0),
      12,
    );
    expect(cost.complete).toBe(true);
    expect(cost.totalCost).toBeGreaterThan(0);
    expect(cost.priceNotes).toEqual([expect.stringMatching(/^prices: EXAMPLE prices/)]);
  });

  it('--stream-object shows the typed answer growing: partial answers, each extending the last', async () => {
    const json = await runDemo(['--stream-object', '--json']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const events = json.stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as JsonEvent);
    const partials = events.filter((event) => event.type === 'partial_answer');
    const final = events.find((event) => event.type === 'final_answer');
    // The offline model's answer comes word by word (paced): the object grows many times.
    expect(partials.length).toBeGreaterThan(5);
    expect(partials.every((event) => event.iteration === 3)).toBe(true);
    for (let index = 1; index < partials.length; index++) {
      const before = JSON.stringify(partials[index - 1]?.partial);
      const after = JSON.stringify(partials[index]?.partial);
      expect(after).not.toBe(before);
    }
    expect(partials.at(-1)?.partial).toEqual(final?.result);
    expect(events.indexOf(final as JsonEvent)).toBeGreaterThan(
      events.indexOf(partials.at(-1) as JsonEvent),
    );

    const text = await runDemo(['--stream-object']);
    expect(text.code).toBe(0);
    // The object in place of the answer's JSON text, then the typed result as always.
    expect(text.stdout).not.toMatch(/^answer: {3}\{/m);
    expect(text.stdout).toContain(
      [
        'object:',
        '  answer: The Eiffel Tower is 330 m tall including its antennas, which is about 1,082.68 ft.',
        '  figures:',
        '    - label: height',
        '      value: 330',
        '      unit: m',
        '    - label: height',
        '      value: 1082.68',
        '      unit: ft',
        '  sources:',
      ].join('\n'),
    );
    expect(text.stdout).toMatch(/^Result/m);
  });

  it('answers another question offline by saying it is a script, and still prints the cost', async () => {
    const { code, stdout } = await runDemo([
      '--prompt',
      'What is the capital of France?',
      '--json',
    ]);
    expect(code).toBe(0);
    const events = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as JsonEvent);
    expect(events[0]).toMatchObject({ type: 'setup', prompt: 'What is the capital of France?' });
    const final = events.find((event) => event.type === 'final_answer') as unknown as {
      result: { answer: string; figures: unknown[]; sources: unknown[] };
    };
    expect(final.result.answer).toMatch(/^I am the offline scripted model of the aigo demo/);
    expect(final.result).toMatchObject({ figures: [], sources: [] });
    expect(events.map((event) => event.type)).not.toContain('tool_call');
    expect(events.at(-1)).toMatchObject({ type: 'end', ok: true, iterations: 1 });
  });

  it('--provider fake is offline even with an API key set', async () => {
    const { code, stdout } = await runDemo(
      ['--provider', 'fake', '--json'],
      offlineEnv({ OPENAI_API_KEY: 'sk-not-used-0123456789' }),
    );
    expect(code).toBe(0);
    expect(JSON.parse(stdout.split('\n')[0] ?? '')).toMatchObject({
      provider: 'offline',
      offline: true,
    });
    expect(stdout).not.toContain('sk-not-used');
  });

  it('exits 2 with a clear message for a bad flag or a provider without its key', async () => {
    const badFlag = await runDemo(['--provider', 'claude']);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stdout).toBe('');
    expect(badFlag.stderr).toContain(
      'aigo-demo: --provider must be one of openai, gemini, anthropic, fake; got "claude"',
    );
    expect(badFlag.stderr).toContain('Usage: aigo-demo');

    const noKey = await runDemo(['--provider', 'gemini']);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toBe(
      'aigo-demo: --provider gemini needs GEMINI_API_KEY (or GOOGLE_API_KEY, ' +
        'GOOGLE_GENERATIVE_AI_API_KEY) in the environment.\n',
    );

    const help = await runDemo(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: aigo-demo \[--provider openai\|gemini\|anthropic\|fake\]/);

    const noAnthropicKey = await runDemo(['--provider', 'anthropic']);
    expect(noAnthropicKey.code).toBe(2);
    expect(noAnthropicKey.stderr).toBe(
      'aigo-demo: --provider anthropic needs ANTHROPIC_API_KEY in the environment.\n',
    );
  });

  it('on an OpenAI-compatible server (OPENAI_BASE_URL), the web-fetch tool refuses 127.0.0.1', async () => {
    // The scripted model on a server of the test's own: the demo takes it for any compatible server
    // (Ollama, vLLM), so it is online mode — where a model must not reach the machine's network.
    let scripted: StreamProvider | undefined;
    const current = (): StreamProvider => {
      scripted ??= createOfflineModel(server.pageUrl, {
        webFetch: 'WebFetch',
        calculator: 'Calculator',
      });
      return scripted;
    };
    const server = await startOfflineServer({
      model: {
        id: 'scripted',
        sendMessage: (request, options) => current().sendMessage(request, options),
        streamMessage: (request, options) => current().streamMessage(request, options),
      },
    });
    const pageUrl = server.pageUrl;
    try {
      const { code, stdout, stderr } = await runDemo(
        ['--json', '--model', 'local-model', '--prompt', offlineQuestion(pageUrl)],
        offlineEnv({ OPENAI_BASE_URL: server.baseURL }),
      );
      expect(stderr).toBe('');
      expect(code).toBe(0);
      const events = stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as JsonEvent);
      expect(events[0]).toMatchObject({
        type: 'setup',
        provider: 'compatible',
        offline: false,
        model: 'local-model',
        description: `OpenAI-compatible server at ${server.baseURL} (Chat Completions)`,
      });
      const result = events.find((event) => event.type === 'tool_result');
      expect(result).toMatchObject({ name: 'WebFetch', failed: true });
      expect(String(result?.result)).toMatch(/private|loopback|not allowed|blocked/i);
      expect(events.find((event) => event.type === 'final_answer')).toMatchObject({
        result: {
          answer: `I could not find the tower's height on ${pageUrl}, so I cannot convert it.`,
        },
      });
      const cost = events.find((event) => event.type === 'cost') as unknown as {
        complete: boolean;
        rows: { kind: string; priced?: boolean }[];
        priceNotes: string[];
      };
      // A self-hosted model has no list price: its cost is unknown, never $0.
      expect(cost.complete).toBe(false);
      expect(cost.rows[0]).toMatchObject({ kind: 'model', priced: false });
      expect(cost.priceNotes).toEqual([
        expect.stringMatching(/^cost unknown for local-model: no price known; set AIGO_MODEL_/),
      ]);
    } finally {
      await server.close();
    }
  });
});
