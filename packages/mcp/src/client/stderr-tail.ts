import type { Readable } from 'node:stream';
import { redactSecrets } from '@aigo/ai';

const TAIL_BYTES = 2048;

/** The last couple of kilobytes a child wrote to stderr, read (and so drained) as it comes. */
export interface StderrTail {
  /** What was kept, redacted, trimmed; `''` when nothing came. */
  text(): string;
}

/** Keeps the end of `stream` (the child's stderr), so errors can show why a server died. */
export function keepStderrTail(stream: Readable | null): StderrTail {
  let tail = '';
  stream?.setEncoding('utf8');
  stream?.on('data', (chunk: string) => {
    tail = (tail + chunk).slice(-TAIL_BYTES);
  });
  stream?.on('error', () => {});
  return { text: () => redactSecrets(tail.trim()) };
}
