import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkWorkspace, formatViolation } from '../src/check.js';

const fixture = (name: string): string =>
  fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));
const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));

function lines(root: string): string[] {
  return checkWorkspace(root).violations.map(formatViolation);
}

function runCli(root: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [cli, root], (error, stdout, stderr) => {
      resolve({ code: error ? (error.code as number) : 0, stdout, stderr });
    });
  });
}

describe('checkWorkspace on fixture trees', () => {
  it('passes a tree that follows the rule (type imports, dynamic imports, comments, tests with devDependencies)', () => {
    const result = checkWorkspace(fixture('clean'));
    expect(result.violations).toEqual([]);
    expect(result.packages).toBe(10);
    expect(result.files).toBe(14);
  });

  it('fails when an adapter imports another adapter', () => {
    expect(lines(fixture('adapter-to-adapter'))).toEqual([
      '@aigo/openai: package.json: depends on @aigo/gemini (dependencies) (an adapter never imports another adapter)',
      '@aigo/openai: src/index.ts:4: imports @aigo/gemini (an adapter never imports another adapter)',
      '@aigo/otel: src/index.ts:3: imports @aigo/tools-web (@aigo/tools-web is not declared in dependencies or peerDependencies)',
      '@aigo/otel: src/index.ts:3: imports @aigo/tools-web (an adapter never imports another adapter)',
    ]);
  });

  it('fails on upward imports, support-to-support imports and libraries using tooling', () => {
    expect(lines(fixture('upward'))).toEqual([
      '@aigo/ai: package.json: depends on @aigo/client (dependencies) (upward: @aigo/ai is layer 0 (contracts), @aigo/client is layer 3 (client))',
      '@aigo/ai: src/index.ts:3: imports @aigo/client (upward: @aigo/ai is layer 0 (contracts), @aigo/client is layer 3 (client))',
      '@aigo/client: package.json: depends on @aigo/react (dependencies) (upward: @aigo/client is layer 3 (client), @aigo/react is layer 4 (pattern))',
      '@aigo/client: src/index.ts:2: imports @aigo/react (upward: @aigo/client is layer 3 (client), @aigo/react is layer 4 (pattern))',
      '@aigo/graph: package.json: depends on @aigo/helpers (dependencies) (tooling/helpers is an app or tooling package; libraries never depend on one)',
      '@aigo/graph: src/index.ts:1: imports @aigo/helpers (tooling/helpers is an app or tooling package; libraries never depend on one)',
      '@aigo/http: package.json: depends on @aigo/testing (dependencies) (a support package imports @aigo/ai only)',
      '@aigo/http: src/index.ts:2: imports @aigo/testing (a support package imports @aigo/ai only)',
    ]);
  });

  it('fails on undeclared imports and unknown libraries; a test may import its devDependencies', () => {
    // client.test.ts imports @aigo/testing and typebox (devDependencies) and vitest (root): all fine.
    expect(lines(fixture('undeclared'))).toEqual([
      "@aigo/client: src/client.test.ts:4: imports @aigo/react (@aigo/react is not declared in the package's dependencies or devDependencies (nor the root's))",
      '@aigo/client: src/index.ts:1: imports @aigo/ai (@aigo/ai is not declared in dependencies or peerDependencies)',
      '@aigo/client: src/index.ts:2: imports typebox (typebox is only a devDependency; non-test source needs it in dependencies or peerDependencies)',
      '@aigo/client: src/index.ts:4: imports undici (undici is not declared in dependencies or peerDependencies)',
      '@aigo/demo: src/main.ts:1: imports @aigo/client (@aigo/client is not declared in dependencies or peerDependencies)',
      '@aigo/flow: package.json: is a library in packages/flow (not in the layer table of tooling/deps-check/src/layers.ts; add it there)',
    ]);
  });
});

describe('the house rules, on a fixture tree', () => {
  it('fails on helpers under src/, files no entry reaches, cycles anywhere and files over the cap', () => {
    expect(lines(fixture('house-rules'))).toEqual([
      '@aigo/ai: src/old-codec.ts: is reached from no entry point (dead code: no export of the package reaches it; delete it or export what it holds)',
      '@aigo/ai: src/stream/big-mapper.ts: has 452 lines (non-test source is at most 450 lines a file (generated files excepted); split it by concern)',
      '@aigo/ai: src/stream/random-chunks.ts: is reached from no entry point, only from tests (a file only tests use is a test helper: move it to test/support/ (or delete it with its tests if it is dead code))',
      '@aigo/ai: src/stream/test-fake.ts: is a test helper under src/ (src/ holds the code the package ships and the unit tests beside it; move test helpers to test/support/)',
      '@aigo/ai: test/support/client.ts: imports in a cycle with test/support/server.ts (files import one another in a cycle; move what they share into a file both import)',
      '@aigo/bench: suites/anthropic-stacks.mjs: imports in a cycle with suites/stacks.mjs (files import one another in a cycle; move what they share into a file both import)',
    ]);
  });
});

// Parses every source file of the repository with the TypeScript compiler: seconds on a busy CI box.
describe('the real repository', { timeout: 120_000 }, () => {
  it('follows the dependency rule', () => {
    const result = checkWorkspace(repositoryRoot);
    expect(result.violations.map(formatViolation)).toEqual([]);
    expect(result.packages).toBeGreaterThanOrEqual(3);
  });
});

// Each run starts Node and loads the TypeScript compiler (about 9 MB of JavaScript): slow on a busy CI box.
describe('the command line', { timeout: 60_000 }, () => {
  it('prints each violation and exits 1', async () => {
    const { code, stdout, stderr } = await runCli(fixture('adapter-to-adapter'));
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(
      '@aigo/openai: src/index.ts:4: imports @aigo/gemini (an adapter never imports another adapter)\n',
    );
    expect(stderr).toMatch(/deps-check: 5 packages, 5 source files: 4 violations\.\n$/);
  });

  it('exits 0 with a summary on a clean tree', async () => {
    const { code, stdout } = await runCli(fixture('clean'));
    expect(code).toBe(0);
    expect(stdout).toBe('deps-check: 10 packages, 14 source files: the dependency rule holds.\n');
  });

  it('exits 2 with a message when there is no workspace', async () => {
    const { code, stderr } = await runCli('/');
    expect(code).toBe(2);
    expect(stderr).toMatch(/^deps-check: no pnpm-workspace\.yaml at or above \//);
  });
});
