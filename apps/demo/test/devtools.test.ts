import { describe, expect, it } from 'vitest';
import { runCli } from '../src/cli.js';

/** An output that keeps what is written and tells when a line matching `pattern` arrives. */
function output(pattern: RegExp) {
  let text = '';
  let found: (line: string) => void = () => {};
  const seen = new Promise<string>((resolve) => {
    found = resolve;
  });
  return {
    stream: {
      write(chunk: string) {
        text += chunk;
        const match = pattern.exec(text);
        if (match !== null) found(match[0]);
        return true;
      },
    },
    seen,
    text: () => text,
  };
}

describe('pnpm demo --devtools', { timeout: 30_000 }, () => {
  it('opens the demo’s run in the devtools, with the cost table’s figures, until Ctrl-C', async () => {
    const controller = new AbortController();
    const stdout = output(/"type":"end"/);
    const stderr = output(/the run is at (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/);
    const exit = runCli({
      argv: ['--devtools', '--provider', 'fake', '--json'],
      env: {},
      stdout: stdout.stream,
      stderr: stderr.stream,
      signal: controller.signal,
    });
    const line = await stderr.seen;
    const url = new URL(line.slice(line.indexOf('http')));
    const runs = (await (await fetch(new URL(`/api/runs${url.search}`, url))).json()) as {
      id: string;
      kind: string;
      status: string;
      name: string;
      cost: number;
    }[];
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: 'agent', status: 'done', name: 'aigo-demo' });
    const events = stdout
      .text()
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text) as { type: string; totalCost?: number });
    const cost = events.find((event) => event.type === 'cost');
    // Models and tools as the cost table has them; compute differs by the microseconds between the
    // run's span and its overview.
    expect(runs[0]?.cost).toBeCloseTo(cost?.totalCost ?? Number.NaN, 6);
    const detail = (await (
      await fetch(new URL(`/api/runs/${runs[0]?.id}${url.search}`, url))
    ).json()) as {
      spans: { kind: string }[];
      captureContent: boolean;
    };
    expect(detail.captureContent).toBe(true);
    expect(detail.spans.filter((span) => span.kind === 'model')).toHaveLength(3);
    expect(detail.spans.filter((span) => span.kind === 'tool')).toHaveLength(2);
    controller.abort();
    expect(await exit).toBe(0);
    await expect(fetch(url)).rejects.toThrow();
  });
});
