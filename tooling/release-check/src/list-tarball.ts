import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const BLOCK = 512;

/**
 * The paths of the files inside an npm tarball (`.tgz`), relative to its `package/` folder. Read from
 * the archive itself: `pnpm pack --json` leaves out files pnpm adds on its own (the LICENSE).
 *
 * @param tarball - Path of the `.tgz`.
 */
export function listTarball(tarball: string): string[] {
  const archive = gunzipSync(readFileSync(tarball));
  const files: string[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = field(header, 0, 100);
    const prefix = field(header, 345, 155);
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const path = prefix === '' ? name : `${prefix}/${name}`;
    if (type === '0' || type === '\0') files.push(path.replace(/^package\//, ''));
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}

function field(header: Uint8Array, start: number, length: number): string {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  return Buffer.from(end === -1 ? bytes : bytes.subarray(0, end)).toString('utf8');
}
