import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pnpmInvocation, toolInvocation } from './tools.js';

describe('pnpmInvocation', () => {
  it('runs the pnpm that runs this script, through node when it is a JS file', () => {
    expect(pnpmInvocation({ npm_execpath: '/cache/pnpm/bin/pnpm.cjs' })).toEqual({
      command: process.execPath,
      args: ['/cache/pnpm/bin/pnpm.cjs'],
    });
    expect(pnpmInvocation({ npm_execpath: '/usr/local/bin/pnpm' })).toEqual({
      command: '/usr/local/bin/pnpm',
      args: [],
    });
  });

  it('falls back to pnpm on PATH when npm or nothing runs it', () => {
    expect(pnpmInvocation({ npm_execpath: '/usr/lib/node_modules/npm/bin/npm-cli.js' })).toEqual({
      command: 'pnpm',
      args: [],
    });
    expect(pnpmInvocation({})).toEqual({ command: 'pnpm', args: [] });
  });
});

describe('toolInvocation', () => {
  it('finds the pinned publint and attw installed with this package', () => {
    for (const [name, bin] of [
      ['publint', 'publint'],
      ['@arethetypeswrong/cli', 'attw'],
    ] as const) {
      const invocation = toolInvocation(name, bin);
      expect(invocation.command).toBe(process.execPath);
      expect(invocation.args).toHaveLength(1);
      expect(existsSync(invocation.args[0] ?? '')).toBe(true);
    }
  });

  it('explains a missing tool', () => {
    expect(() => toolInvocation('no-such-tool-aigo', 'x')).toThrow(
      'no-such-tool-aigo is not installed; run pnpm install at the repository root',
    );
  });
});
