import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readExperimentResult } from '../src/index.js';
import { runCli } from './support/run-cli.js';
import { startStandInModel } from './support/stand-in-model.js';

// The built `aigo-eval` in child processes: exit statuses, TypeScript loading (Node's type
// stripping and the esbuild fallback), record and replay, baselines and the HTML report.

const FIXTURES = join(import.meta.dirname, 'fixtures');
const EVALS = join(FIXTURES, 'evals');
let work: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'aigo-eval-cli-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

// Every case runs the CLI as child processes (Node, the TypeScript loader, the eval file): seconds each
// on a busy machine.
describe('aigo-eval run', { timeout: 60_000 }, () => {
  it('exits 0 when the gate passes, writing the result and printing the table and the checks', async () => {
    const run = await runCli(
      [
        'run',
        join(EVALS, 'doubling.eval.ts'),
        '--out',
        'main',
        '--fail-if',
        'accuracy < 0.9',
        '--quiet',
      ],
      {
        cwd: work,
      },
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^doubling {2}· {2}doubling@1 {2}· {2}10 cases × 1 trial/);
    expect(run.stdout).toContain(
      'gate passed for doubling: --fail-if "accuracy < 0.9"\n  ✓ accuracy < 0.9  (1 vs 0.9)',
    );
    const result = await readExperimentResult(join(work, 'main', 'doubling.json'));
    expect(result.aggregates.scorers.accuracy?.mean).toBe(1);
  });

  it('exits 1 when a gate fails against the baseline, with the comparison and an HTML report', async () => {
    const run = await runCli(
      [
        'run',
        join(EVALS, 'sloppy-doubling.eval.ts'),
        '--out',
        'pr',
        '--baseline',
        'main/doubling.json',
        '--fail-if',
        'accuracy < 0.9 || cost > 1.2x',
        '--html',
        'report/index.html',
      ],
      { cwd: work },
    );
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('sloppy-doubling vs doubling  ·  10 paired cases');
    expect(run.stdout).toMatch(/B: −0\.30 ± 0\.\d\d accuracy/);
    expect(run.stdout).toContain('gate FAILED for sloppy-doubling');
    expect(run.stdout).toContain('  ✗ accuracy < 0.9  (0.7 vs 0.9)');
    expect(run.stdout).toContain('  ✓ cost > 1.2x  (0 vs 0)');
    expect(run.stderr).toMatch(/sloppy-doubling {2}\d+\/10 runs/);
    const html = await readFile(join(work, 'report', 'index.html'), 'utf8');
    expect(html).toContain('<section id="comparisons">');
  });

  it('exits 2 on an error: no such file, a gate that does not parse, a broken eval file, a bad option', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['run', 'missing.eval.ts'], /missing\.eval\.ts/],
      [['run', join(EVALS, 'doubling.eval.ts'), '--fail-if', 'accuracy <'], /expected a number/],
      [
        ['run', join(EVALS, 'doubling.eval.ts'), '--fail-if', 'cost > 1.1x', '--out', 'x'],
        /there is none \(--baseline\)/,
      ],
      [
        ['run', join(EVALS, 'doubling.eval.ts'), '--fail-if', 'tone < 1', '--out', 'x'],
        /has no scorer "tone"/,
      ],
      [['run', join(EVALS, 'broken.eval.ts')], /broken on purpose/],
      [
        ['run', join(EVALS, 'doubling.eval.ts'), '--trails', '2'],
        /Unknown option '--trails'.*--help/,
      ],
      [
        ['run', join(EVALS, 'doubling.eval.ts'), '--replay', 'a', '--record', 'b'],
        /cannot be used together/,
      ],
      [['run'], /needs at least one eval file/],
      [['frobnicate'], /unknown command "frobnicate"/],
      [[], /Usage:/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args, { cwd: work });
      expect({ args, status: run.status }).toEqual({ args, status: 2 });
      expect(run.stderr).toMatch(message);
    }
  });

  it('loads TypeScript with esbuild on a Node that does not strip types, leaving no file behind', async () => {
    for (const extra of [
      { nodeArgs: ['--no-experimental-strip-types'], args: [] },
      { nodeArgs: [], args: ['--typescript', 'esbuild'] },
    ]) {
      const run = await runCli(
        ['run', join(EVALS, 'doubling.eval.ts'), '--out', 'esbuild', '--quiet', ...extra.args],
        {
          cwd: work,
          nodeArgs: extra.nodeArgs,
        },
      );
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
    }
    expect((await readdir(EVALS)).filter((file) => file.startsWith('.'))).toEqual([]);
    const native = await runCli(['run', join(EVALS, 'doubling.eval.ts'), '--typescript', 'node'], {
      cwd: work,
      nodeArgs: ['--no-experimental-strip-types'],
    });
    expect(native.status).toBe(2);
  });

  it('expands a pattern the shell left alone', async () => {
    const run = await runCli(
      ['run', 'evals/doub*.eval.ts', '--out', join(work, 'glob'), '--quiet'],
      { cwd: FIXTURES },
    );
    expect(run.status).toBe(0);
    expect(existsSync(join(work, 'glob', 'doubling.json'))).toBe(true);
  });
});

describe('aigo-eval run --record, then --replay', { timeout: 60_000 }, () => {
  it('records the agent against the stand-in once, then replays it offline with the same numbers', async () => {
    const server = await startStandInModel(join(FIXTURES, 'support-tickets.jsonl'));
    const env = { STAND_IN_URL: `${server.url}/v1` };
    const triage = join(EVALS, 'triage.eval.ts');
    let recorded: number | null;
    try {
      recorded = (
        await runCli(['run', triage, '--record', 'recordings', '--out', 'recorded', '--quiet'], {
          cwd: work,
          env,
        })
      ).status;
    } finally {
      await server.close();
    }
    expect(recorded).toBe(0);
    expect(await readdir(join(work, 'recordings', 'triage-small'))).toEqual(
      expect.arrayContaining(['models', 'tools.json', 'timings.json']),
    );
    const replay = await runCli(
      [
        'run',
        triage,
        '--replay',
        'recordings',
        '--out',
        'replayed',
        '--baseline',
        'recorded',
        '--fail-if',
        'accuracy < 0.75 || cost > 1x || p95 > 1x',
      ],
      { cwd: work, env },
    );
    expect(replay.stderr).not.toContain('no baseline');
    expect(replay.status).toBe(0);
    const before = await readExperimentResult(join(work, 'recorded', 'triage-small.json'));
    const after = await readExperimentResult(join(work, 'replayed', 'triage-small.json'));
    expect(after.mode).toBe('replay');
    expect(after.replayMisses).toEqual({ models: 0, tools: 0 });
    expect(after.aggregates).toEqual(before.aggregates);
    expect(after.aggregates.scorers.accuracy?.mean).toBeCloseTo(0.8, 10);
  });
});

describe('aigo-eval compare', { timeout: 60_000 }, () => {
  it('compares two result files and gates on the candidate', async () => {
    const failing = await runCli(
      ['compare', 'main/doubling.json', 'pr/sloppy-doubling.json', '--fail-if', 'accuracy < 0.95x'],
      { cwd: work },
    );
    expect(failing.status).toBe(1);
    expect(failing.stdout).toContain('sloppy-doubling vs doubling');
    const passing = await runCli(
      ['compare', 'pr/sloppy-doubling.json', 'main/doubling.json', '--fail-if', 'accuracy < 0.95x'],
      { cwd: work },
    );
    expect(passing.status).toBe(0);
    expect((await runCli(['compare', 'main/doubling.json'], { cwd: work })).status).toBe(2);
    expect((await runCli(['--version'], { cwd: work })).stdout).toBe('0.0.0\n');
    expect((await runCli(['--help'], { cwd: work })).stdout).toContain('--fail-if grammar');
  });
});
