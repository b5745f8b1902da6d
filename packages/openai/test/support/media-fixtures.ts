// The fixtures of the media tests (test/fixtures/media/, built from the API reference).
import { readFileSync } from 'node:fs';

/** A media fixture's bytes. */
export function mediaFile(name: string): Buffer {
  return readFileSync(new URL(`../fixtures/media/${name}`, import.meta.url));
}

/** A media fixture parsed as JSON. */
export function mediaJson(name: string) {
  return JSON.parse(mediaFile(name).toString('utf8'));
}
