// The install path, with a stand-in apt-get (a real child process: a shell script that records its
// arguments and "installs" stub binaries where Debian puts them) — never the real one, never the network.
// Several test runs at once, each a process of its own, are in
// test/ensure-postgres-binaries-processes.test.ts.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeMachine,
  type FakeMachineOptions,
  fakeMachine,
} from '../../test/support/test-fake-machine.js';
import { ensurePostgresBinaries } from './ensure-postgres-binaries.js';
import { findPostgresBinaries } from './find-postgres-binaries.js';

const machines: FakeMachine[] = [];

afterEach(() => {
  for (const machine of machines.splice(0)) machine.remove();
});

function machineFor(options: FakeMachineOptions): FakeMachine {
  const machine = fakeMachine(options);
  machines.push(machine);
  return machine;
}

describe('ensurePostgresBinaries', () => {
  it('finds binaries in PG_BIN_DIR, the newest Debian version, or PATH, without installing anything', async () => {
    const machine = machineFor({ needsUpdate: false, installs: true });
    for (const version of ['9.6', '15', '16']) {
      const bin = join(machine.debianRoot, version, 'bin');
      mkdirSync(bin, { recursive: true });
      for (const name of ['initdb', 'pg_ctl', 'postgres']) writeFileSync(join(bin, name), '');
    }
    const found = await ensurePostgresBinaries({
      env: machine.env,
      debianRoot: machine.debianRoot,
      isRoot: true,
      log: () => undefined,
    });
    expect(found).toEqual({ binDir: join(machine.debianRoot, '16', 'bin') });
    expect(machine.calls()).toEqual([]);
    const chosen = join(machine.debianRoot, '9.6', 'bin');
    expect(
      findPostgresBinaries({
        env: { ...machine.env, PG_BIN_DIR: chosen },
        debianRoot: machine.debianRoot,
      }),
    ).toEqual({ binDir: chosen });
  });

  it('as root with apt-get: installs postgresql non-interactively, running apt-get update first when the lists are missing', async () => {
    const machine = machineFor({ needsUpdate: true, installs: true });
    const lines: string[] = [];
    const found = await ensurePostgresBinaries({
      env: machine.env,
      debianRoot: machine.debianRoot,
      isRoot: true,
      log: (line) => lines.push(line),
    });
    expect(found).toEqual({ binDir: machine.bin });
    const install =
      'DEBIAN_FRONTEND=noninteractive -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends postgresql';
    expect(machine.calls()).toEqual([
      install,
      'DEBIAN_FRONTEND=noninteractive -o DPkg::Lock::Timeout=600 update -q',
      install,
    ]);
    expect(lines.join('\n')).toMatch(
      /installing postgresql with apt-get \(as root\)[\s\S]*installed in /,
    );
  });

  it('holds the lock file while apt-get runs', async () => {
    const machine = machineFor({ needsUpdate: true, installs: true, flock: true });
    // The lock is held while apt-get runs: a second flock -n on the file fails then.
    const flock = join(machine.path, 'flock');
    const probe = join(machine.dir, 'probe-lock');
    writeFileSync(
      machine.aptGet,
      readFileSync(machine.aptGet, 'utf8').replace(
        'PATH=/usr/bin:/bin\n',
        `PATH=/usr/bin:/bin\n${flock} -n "${machine.lockFile}" true && echo "lock free" >> "${probe}"\n`,
      ),
    );
    const found = await ensurePostgresBinaries({
      env: machine.env,
      debianRoot: machine.debianRoot,
      lockFile: machine.lockFile,
      isRoot: true,
      log: () => undefined,
    });
    expect(found).toEqual({ binDir: machine.bin });
    expect(machine.calls()).toHaveLength(3);
    expect(existsSync(machine.lockFile)).toBe(true);
    expect(existsSync(probe)).toBe(false);
  });

  it('installs without an update when the lists are there', async () => {
    const machine = machineFor({ needsUpdate: false, installs: true });
    await ensurePostgresBinaries({
      env: machine.env,
      debianRoot: machine.debianRoot,
      isRoot: true,
      log: () => undefined,
    });
    expect(machine.calls().map((line) => line.split(' ').at(3))).toEqual(['install']);
  });

  it('says why when it cannot or must not install: not root, no apt-get, turned off, apt-get failing', async () => {
    const machine = machineFor({ needsUpdate: false, installs: false });
    const base = { env: machine.env, debianRoot: machine.debianRoot, log: () => undefined };
    await expect(ensurePostgresBinaries({ ...base, isRoot: false })).resolves.toMatchObject({
      binDir: undefined,
      reason: expect.stringMatching(
        /cannot install them \(not root\): install the Debian package postgresql or set DATABASE_URL$/,
      ),
    });
    await expect(
      ensurePostgresBinaries({ ...base, env: { PATH: '/nonexistent' }, isRoot: true }),
    ).resolves.toMatchObject({ reason: expect.stringMatching(/\(no apt-get\)/) });
    await expect(
      ensurePostgresBinaries({
        ...base,
        env: { ...machine.env, AIGO_PG_TEST_INSTALL: '0' },
        isRoot: true,
      }),
    ).resolves.toMatchObject({ reason: expect.stringMatching(/installing them is turned off$/) });
    expect(machine.calls()).toEqual([]);
    await expect(ensurePostgresBinaries({ ...base, isRoot: true })).resolves.toMatchObject({
      binDir: undefined,
      reason: expect.stringMatching(
        /^apt-get installed postgresql, yet no PostgreSQL server binaries/,
      ),
    });
    const failing = machine.aptGet;
    writeFileSync(failing, '#!/bin/sh\necho "E: dpkg was interrupted" >&2\nexit 100\n');
    await expect(ensurePostgresBinaries({ ...base, isRoot: true })).resolves.toMatchObject({
      binDir: undefined,
      reason: expect.stringMatching(
        /apt-get could not install postgresql: .*E: dpkg was interrupted/s,
      ),
    });
  });
});
