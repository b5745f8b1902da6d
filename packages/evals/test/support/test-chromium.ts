import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser } from 'puppeteer-core';

const here = dirname(fileURLToPath(import.meta.url));

/** Where the browser tests save their screenshots (git-ignored). */
export const ARTIFACTS = join(here, '..', '..', 'test-artifacts');

/** The repository's root (the folder with `pnpm-workspace.yaml`). */
function repositoryRoot(): string {
  let dir = here;
  while (!existsSync(join(dir, 'pnpm-workspace.yaml'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('not inside the aigo repository');
    dir = up;
  }
  return dir;
}

/**
 * The path of Debian's Chromium: `AIGO_CHROMIUM` or `/usr/bin/chromium`, installed first by
 * `tooling/chromium/ensure-chromium.sh` when missing (as root, with apt-get; `.ci/run` runs it too).
 */
export function chromiumPath(): string {
  const script = join(repositoryRoot(), 'tooling', 'chromium', 'ensure-chromium.sh');
  const out = execFileSync('bash', [script], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const path = out.trim().split('\n').at(-1) ?? '';
  if (path === '' || !existsSync(path))
    throw new Error(`ensure-chromium.sh found no browser: ${out}`);
  return path;
}

/** Starts headless Chromium (no sandbox: the tests run as root in CI). */
export async function launchChromium(): Promise<Browser> {
  await mkdir(ARTIFACTS, { recursive: true });
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    defaultViewport: { width: 1400, height: 1000 },
  });
}
