// A machine without the PostgreSQL server binaries, for the tests of the install path: an empty Debian
// root, a PATH of its own, and a stand-in apt-get (a real child process: a shell script that records
// its arguments and "installs" stub binaries where Debian puts them) — never the real one, never the
// network.

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
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** How the stand-in apt-get behaves. */
export interface FakeMachineOptions {
  /** `install` fails ("Unable to locate package") until `update` ran: a fresh machine's lists. */
  readonly needsUpdate: boolean;
  /** `install` creates `<root>/16/bin/{initdb,pg_ctl,postgres}`. */
  readonly installs: boolean;
  /**
   * The first `install` that installs waits until {@link FakeMachine.openGate}: `before-unpack` before
   * it creates the binaries, `after-unpack` after (and it says so on {@link FakeMachine.unpacked}) —
   * apt-get still configuring. Either way it appends `configured` to the events file at the end.
   */
  readonly pause?: 'before-unpack' | 'after-unpack';
  /** Put a `flock` (the real one) on the machine's PATH. */
  readonly flock?: boolean;
}

/** The stand-in machine. */
export interface FakeMachine {
  readonly dir: string;
  readonly debianRoot: string;
  /** `{ PATH }`: the stand-in's bin directory only. */
  readonly env: { readonly PATH: string };
  /** Where `install` puts the binaries. */
  readonly bin: string;
  readonly aptGet: string;
  readonly lockFile: string;
  /** The stand-in's bin directory (on `env.PATH`). */
  readonly path: string;
  /** A file processes append lines to, in the order things happened. */
  readonly events: string;
  /** The apt-get calls so far: `DEBIAN_FRONTEND=… <arguments>`. */
  calls(): string[];
  /** The lines of the events file. */
  eventLines(): string[];
  /** Lets the paused `install` go on. */
  openGate(): Promise<void>;
  /** Resolves when the paused `install` (`after-unpack`) has created the binaries. */
  unpacked(): Promise<void>;
  remove(): void;
}

/** Makes a {@link FakeMachine} in a temporary directory. */
export function fakeMachine(options: FakeMachineOptions): FakeMachine {
  const dir = mkdtempSync(join(tmpdir(), 'aigo-pg-apt-'));
  const debianRoot = join(dir, 'usr-lib-postgresql');
  const path = join(dir, 'bin');
  mkdirSync(debianRoot);
  mkdirSync(path);
  const log = join(dir, 'apt.log');
  const events = join(dir, 'events');
  const gate = join(dir, 'gate');
  const unpackedFifo = join(dir, 'unpacked');
  const aptGet = join(path, 'apt-get');
  const bin = join(debianRoot, '16', 'bin');
  if (options.pause !== undefined) execFileSync('mkfifo', [gate, unpackedFifo]);
  const unpack = `mkdir -p "${bin}" && for b in initdb pg_ctl postgres; do printf '#!/bin/sh\\n' > "${bin}/$b"; done`;
  const wait = `[ -f "${dir}/paused" ] || { touch "${dir}/paused"; ${
    options.pause === 'after-unpack' ? `echo unpacked > "${unpackedFifo}"; ` : ''
  }read _ < "${gate}"; }`;
  const install = !options.installs
    ? ''
    : options.pause === 'before-unpack'
      ? `${wait}; ${unpack}; echo configured >> "${events}"`
      : options.pause === 'after-unpack'
        ? `${unpack}; ${wait}; echo configured >> "${events}"`
        : unpack;
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
      ${install}
      exit 0 ;;
  esac
done
exit 1
`,
  );
  chmodSync(aptGet, 0o755);
  if (options.flock) {
    const flock = execFileSync('sh', ['-c', 'command -v flock'], { encoding: 'utf8' }).trim();
    writeFileSync(join(path, 'flock'), `#!/bin/sh\nexec ${flock} "$@"\n`);
    chmodSync(join(path, 'flock'), 0o755);
  }
  const lines = (file: string) =>
    existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean) : [];
  return {
    dir,
    debianRoot,
    env: { PATH: path },
    bin,
    aptGet,
    lockFile: join(dir, 'apt.lock'),
    path,
    events,
    calls: () => lines(log),
    eventLines: () => lines(events),
    openGate: () => writeFile(gate, 'go\n'),
    unpacked: async () => {
      await readFile(unpackedFifo, 'utf8');
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
