import { normalizeUrl } from './normalize-url.js';

/** `http(s)://…` or `www.…` up to whitespace, quotes or angle brackets. */
const CANDIDATE = /\b(?:https?:\/\/|www\.)[^\s<>"'`{}|\\^]+/gi;
const TRAILING = /[.,;:!?'"*_~]+$/;

/**
 * Finds the URLs in free text (prose, Markdown, HTML source, logs), normalised and deduplicated, in
 * the order they first appear. `www.example.com/x` gets `https://`. Trailing punctuation is not part of
 * a URL (`see https://a.example/x.` → `https://a.example/x`), and a closing bracket is kept only when the
 * URL opened one (`(https://en.wikipedia.org/wiki/Go_(game))`). Hosts must contain a dot or be
 * `localhost`; anything that does not parse is skipped.
 */
export function extractTextUrls(text: string): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(CANDIDATE)) {
    let candidate = trimCandidate(match[0]);
    if (/^www\./i.test(candidate)) candidate = `https://${candidate}`;
    const url = normalizeUrl(candidate);
    if (url === undefined) continue;
    const host = new URL(url).hostname;
    if (!host.includes('.') && host !== 'localhost' && !host.startsWith('[')) continue;
    found.add(url);
  }
  return [...found];
}

function trimCandidate(raw: string): string {
  let candidate = raw;
  for (;;) {
    const before = candidate;
    candidate = candidate.replace(TRAILING, '');
    for (const [open, close] of [
      ['(', ')'],
      ['[', ']'],
    ] as const) {
      while (candidate.endsWith(close) && count(candidate, close) > count(candidate, open)) {
        candidate = candidate.slice(0, -1);
      }
    }
    // Markdown links: "[text](https://x)" leaves "https://x" already; "…](https://x)" too.
    if (candidate === before) return candidate;
  }
}

function count(text: string, character: string): number {
  let total = 0;
  for (const c of text) if (c === character) total += 1;
  return total;
}
