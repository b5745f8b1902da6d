import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findRunuser, searchableBy } from './postgres-user.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function privateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'aigo-pg-reach-'));
  dirs.push(dir);
  chmodSync(dir, 0o700);
  return dir;
}

describe('searchableBy', () => {
  // Someone who owns nothing here (the ids of `nobody` on Debian).
  const stranger = { uid: 65534, gid: 65534 };

  it('needs every directory from the root down to be enterable by the user', () => {
    const dir = privateDir();
    const inner = join(dir, 'open');
    mkdirSync(inner);
    chmodSync(inner, 0o777);
    expect(searchableBy(tmpdir(), stranger)).toBe(true);
    expect(searchableBy(dir, stranger)).toBe(false);
    // Wide open itself, but inside a directory the user cannot enter.
    expect(searchableBy(inner, stranger)).toBe(false);
    chmodSync(dir, 0o711);
    expect(searchableBy(inner, stranger)).toBe(true);
  });

  it('reads the owner, group and other bits for who the user is; root enters anything', () => {
    const dir = privateDir();
    // Root enters anything: as root, give the directory to someone else to read the bits for.
    if (statSync(dir).uid === 0) chownSync(dir, 4242, 4242);
    const { uid, gid } = statSync(dir);
    expect(searchableBy(dir, { uid, gid: 65534 })).toBe(true);
    chmodSync(dir, 0o070);
    expect(searchableBy(dir, { uid: 65534, gid })).toBe(true);
    expect(searchableBy(dir, { uid, gid })).toBe(false);
    expect(searchableBy(dir, { uid: 0, gid: 0 })).toBe(true);
    expect(searchableBy(join(dir, 'missing'), { uid: 0, gid: 0 })).toBe(false);
  });
});

describe('findRunuser', () => {
  it('finds runuser in the sbin directories when PATH lacks them', () => {
    const found = findRunuser({ PATH: '/nonexistent' });
    expect(found).toMatch(/^\/(usr\/)?s?bin\/runuser$/);
    expect(statSync(found).isFile()).toBe(true);
  });
});
