// ensurePostgresBinaries in several test runs at once, each a process of its own (the built
// package), with a stand-in apt-get — never the real one, never the network. The install path in
// one process: src/testing/ensure-postgres-binaries.test.ts.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePostgresBinaries } from '../src/testing/ensure-postgres-binaries.js';
import { findPostgresBinaries } from '../src/testing/find-postgres-binaries.js';
import {
  type FakeMachine,
  type FakeMachineOptions,
  fakeMachine,
} from './support/test-fake-machine.js';

const machines: FakeMachine[] = [];
const children: number[] = [];

afterEach(() => {
  // A failed test may leave a child (and its stand-in apt-get) waiting on a gate: end its group.
  for (const pid of children.splice(0)) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  for (const machine of machines.splice(0)) machine.remove();
});

function machineFor(options: FakeMachineOptions): FakeMachine {
  const machine = fakeMachine(options);
  machines.push(machine);
  return machine;
}

const childScript = fileURLToPath(new URL('./support/ensure-binaries-child.mjs', import.meta.url));

/** A test run starting on the machine, as a process of its own (the built package). */
function startRun(name: string, machine: FakeMachine) {
  const child = spawn(
    process.execPath,
    [
      childScript,
      JSON.stringify({
        name,
        env: machine.env,
        debianRoot: machine.debianRoot,
        lockFile: machine.lockFile,
        events: machine.events,
      }),
    ],
    { detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (child.pid !== undefined) children.push(child.pid);
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  let stderr = '';
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
    for (const waiter of waiters) waiter();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  return {
    lines,
    /** Resolves with the first line (so far or to come) that `matches`; rejects if the run ends first. */
    line(matches: (line: string) => boolean): Promise<string> {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = lines.find(matches);
          if (found !== undefined) {
            waiters.delete(check);
            resolve(found);
          }
        };
        waiters.add(check);
        check();
        void exited.then((code) => {
          check();
          if (waiters.has(check)) {
            waiters.delete(check);
            reject(
              new Error(
                `${name} ended (exit ${code}) without such a line: ${lines.join('\n')}\n${stderr}`,
              ),
            );
          }
        });
      });
    },
    /** What ensurePostgresBinaries resolved to. */
    async result(): Promise<unknown> {
      const code = await exited;
      const line = lines.find((candidate) => candidate.startsWith('result '));
      if (code !== 0 || line === undefined)
        throw new Error(`${name} failed (exit ${code}): ${stderr}`);
      return JSON.parse(line.slice('result '.length));
    },
  };
}

// Test runs of several packages start at once under turbo, each in a process of its own, each finding
// the binaries missing — or finding them while another is still installing.
describe('ensurePostgresBinaries in several processes at once', { timeout: 60_000 }, () => {
  it('installs once: one process runs apt-get, the others wait for it and use what it installed', async () => {
    const machine = machineFor({
      needsUpdate: true,
      installs: true,
      pause: 'before-unpack',
      flock: true,
    });
    const runs = ['a', 'b', 'c'].map((name) => startRun(name, machine));
    // Each run has looked, found nothing and either started installing or is waiting for the one
    // that did; only then may apt-get go on (so no run can find the binaries at its first look).
    await Promise.all(runs.map((run) => run.line((line) => line.startsWith('log '))));
    await machine.openGate();
    const results = await Promise.all(runs.map((run) => run.result()));
    expect(results).toEqual([
      { binDir: machine.bin },
      { binDir: machine.bin },
      { binDir: machine.bin },
    ]);
    const install =
      'DEBIAN_FRONTEND=noninteractive -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends postgresql';
    expect(machine.calls()).toEqual([
      install,
      'DEBIAN_FRONTEND=noninteractive -o DPkg::Lock::Timeout=600 update -q',
      install,
    ]);
    const logs = runs.flatMap((run) => run.lines.filter((line) => line.startsWith('log ')));
    expect(logs.filter((line) => line.includes('installing postgresql with apt-get'))).toHaveLength(
      1,
    );
    expect(logs.filter((line) => line.includes('installed by another process'))).toHaveLength(2);
    expect(
      logs.filter(
        (line) => line.includes('another process is installing') && line.includes('waiting'),
      ),
    ).toHaveLength(2);
  });

  it('a run that finds the binaries while apt-get is still configuring them waits for apt-get to finish', async () => {
    const machine = machineFor({
      needsUpdate: false,
      installs: true,
      pause: 'after-unpack',
      flock: true,
    });
    const installer = startRun('installer', machine);
    await machine.unpacked();
    // The binaries are there now, and apt-get has not finished.
    expect(findPostgresBinaries({ env: machine.env, debianRoot: machine.debianRoot })).toEqual({
      binDir: machine.bin,
    });
    const late = startRun('late', machine);
    const first = await late.line(() => true);
    await machine.openGate();
    expect(await late.result()).toEqual({ binDir: machine.bin });
    expect(await installer.result()).toEqual({ binDir: machine.bin });
    expect(first).toMatch(/^log .*another process is installing .*: waiting for it$/);
    const events = machine.eventLines();
    expect(events).toContain('configured');
    expect(events.indexOf('configured')).toBeLessThan(events.indexOf('resolved late'));
    expect(machine.calls()).toHaveLength(1);
  });

  it('a run that finds the binaries with no install under way uses them at once', async () => {
    const machine = machineFor({ needsUpdate: false, installs: true, flock: true });
    mkdirSync(machine.bin, { recursive: true });
    for (const name of ['initdb', 'pg_ctl', 'postgres']) writeFileSync(join(machine.bin, name), '');
    const lines: string[] = [];
    const options = {
      env: machine.env,
      debianRoot: machine.debianRoot,
      lockFile: machine.lockFile,
      isRoot: true,
      log: (line: string) => lines.push(line),
    };
    // No lock file yet: no install ever ran here, so nothing to wait for (and no lock file made).
    await expect(ensurePostgresBinaries(options)).resolves.toEqual({ binDir: machine.bin });
    expect(existsSync(machine.lockFile)).toBe(false);
    // A lock file from an earlier install, nobody holding it: the shared lock is had at once.
    writeFileSync(machine.lockFile, '');
    await expect(ensurePostgresBinaries(options)).resolves.toEqual({ binDir: machine.bin });
    expect(lines).toEqual([]);
    expect(machine.calls()).toEqual([]);
  });
});
