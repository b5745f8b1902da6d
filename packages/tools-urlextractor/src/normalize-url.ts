/**
 * A URL in the one form the extractor compares and returns: absolute http(s), lower-case scheme and
 * host (the WHATWG parser's job), no default port, no fragment, no `user:password@`, an empty `?`
 * dropped. Returns `undefined` for anything else (other schemes, no host, unparsable text).
 */
export function normalizeUrl(value: string, base?: string | URL): string | undefined {
  let url: URL;
  try {
    url = base === undefined ? new URL(value) : new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return undefined;
  url.hash = '';
  let href = url.href;
  if (href.endsWith('?')) href = href.slice(0, -1);
  return href;
}

/** The host without one leading `www.`, so `www.example.com` and `example.com` are one site. */
export function siteKey(url: string | URL): string {
  const host = (typeof url === 'string' ? new URL(url) : url).hostname.toLowerCase();
  return host.startsWith('www.') ? host.slice(4) : host;
}

/** True when two URLs are on the same site (scheme and port ignored, one `www.` ignored). */
export function sameSite(a: string | URL, b: string | URL): boolean {
  try {
    return siteKey(a) === siteKey(b);
  } catch {
    return false;
  }
}

/**
 * Turns what a model typed into a URL to start from: trimmed, `https://` added when there is no scheme,
 * `undefined` for a scheme other than http(s) or no host.
 */
export function startingUrl(raw: string): string | undefined {
  const text = raw.trim();
  if (text === '') return undefined;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  return normalizeUrl(hasScheme ? text : `https://${text}`);
}
