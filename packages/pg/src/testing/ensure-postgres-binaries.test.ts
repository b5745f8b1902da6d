// The install path, with a stand-in apt-get (a real child process: a shell script that records its
// arguments and "installs" stub binaries where Debian puts them) — never the real one, never the network.

import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensurePostgresBinaries } from './ensure-postgres-binaries.js';
import { findPostgresBinaries } from './find-postgres-binaries.js';

const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * A machine without the binaries: an empty Debian root, an empty PATH dir, and a fake apt-get that
 * logs each call and, on `install`, creates `<root>/16/bin/{initdb,pg_ctl,postgres}` — but only after
 * an `update` when `needsUpdate` (a fresh machine has no package lists).
 */
function fakeMachine(options: { needsUpdate: boolean; installs: boolean }) {
  const dir = mkdtempSync(join(tmpdir(), 'aigo-pg-apt-'));
  dirs.push(dir);
  const debianRoot = join(dir, 'usr-lib-postgresql');
  const path = join(dir, 'bin');
  mkdirSync(debianRoot);
  mkdirSync(path);
  const log = join(dir, 'apt.log');
  const aptGet = join(path, 'apt-get');
  const bin = join(debianRoot, '16', 'bin');
  writeFileSync(
    aptGet,
    `#!/bin/sh
PATH=/usr/bin:/bin
echo "DEBIAN_FRONTEND=$DEBIAN_FRONTEND $*" >> "${log}"
for arg in "$@"; do
  case "$arg" in
    update) touch "${dir}/lists"; exit 0 ;;
    install)
      ${options.needsUpdate ? `[ -f "${dir}/lists" ] || { echo "E: Unable to locate package postgresql" >&2; exit 100; }` : ''}
      ${options.installs ? `mkdir -p "${bin}" && for b in initdb pg_ctl postgres; do printf '#!/bin/sh\\n' > "${bin}/$b"; done` : ''}
      exit 0 ;;
  esac
done
exit 1
`,
  );
  chmodSync(aptGet, 0o755);
  const env = { PATH: path };
  const lockFile = join(dir, 'apt.lock');
  const calls = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []);
  return { debianRoot, env, bin, calls, aptGet, lockFile, path };
}

describe('ensurePostgresBinaries', () => {
  it('finds binaries in PG_BIN_DIR, the newest Debian version, or PATH, without installing anything', async () => {
    const machine = fakeMachine({ needsUpdate: false, installs: true });
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
    const machine = fakeMachine({ needsUpdate: true, installs: true });
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

  it('holds a lock file (flock) around each apt-get call, so runs starting at once take turns', async () => {
    const machine = fakeMachine({ needsUpdate: true, installs: true });
    const flock = execFileSync('sh', ['-c', 'command -v flock'], { encoding: 'utf8' }).trim();
    // flock on the stand-in PATH; the lock is held while apt-get runs: a second flock -n fails then.
    writeFileSync(join(machine.path, 'flock'), `#!/bin/sh\nexec ${flock} "$@"\n`);
    chmodSync(join(machine.path, 'flock'), 0o755);
    const probe = join(machine.path, 'probe-lock');
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
    const machine = fakeMachine({ needsUpdate: false, installs: true });
    await ensurePostgresBinaries({
      env: machine.env,
      debianRoot: machine.debianRoot,
      isRoot: true,
      log: () => undefined,
    });
    expect(machine.calls().map((line) => line.split(' ').at(3))).toEqual(['install']);
  });

  it('says why when it cannot or must not install: not root, no apt-get, turned off, apt-get failing', async () => {
    const machine = fakeMachine({ needsUpdate: false, installs: false });
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
    const failing = join(machine.env.PATH, 'apt-get');
    writeFileSync(failing, '#!/bin/sh\necho "E: dpkg was interrupted" >&2\nexit 100\n');
    await expect(ensurePostgresBinaries({ ...base, isRoot: true })).resolves.toMatchObject({
      binDir: undefined,
      reason: expect.stringMatching(
        /apt-get could not install postgresql: .*E: dpkg was interrupted/s,
      ),
    });
  });
});
