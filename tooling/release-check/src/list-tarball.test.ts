import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { listTarball } from './list-tarball.js';

const dir = mkdtempSync(join(tmpdir(), 'list-tarball-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A minimal ustar header for one entry. */
function header(name: string, size: number, type: string, prefix = ''): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'utf8');
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write(prefix, 345, 'utf8');
  return block;
}

function entry(name: string, body: string, prefix = ''): Buffer {
  const data = Buffer.from(body);
  const padded = Buffer.alloc(Math.ceil(data.length / 512) * 512);
  data.copy(padded);
  return Buffer.concat([header(name, data.length, '0', prefix), padded]);
}

describe('listTarball', () => {
  it('lists regular files under package/, long names through the ustar prefix, skipping folders', () => {
    const archive = Buffer.concat([
      header('package/dist/', 0, '5'),
      entry('package/LICENSE', 'MIT'),
      entry('package/dist/index.js', 'x'.repeat(700)),
      entry('index.d.ts', 'export {}', 'package/dist/very/deep'),
      Buffer.alloc(1024),
    ]);
    const path = join(dir, 'p.tgz');
    writeFileSync(path, gzipSync(archive));
    expect(listTarball(path)).toEqual(['LICENSE', 'dist/index.js', 'dist/very/deep/index.d.ts']);
  });
});
