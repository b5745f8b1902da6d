/** The value when it is an absolute http(s) URL (a page key that is a URL), else undefined. */
export function absoluteOrUndefined(value: string): string | undefined {
  return /^https?:\/\//i.test(value) ? value : undefined;
}

/** `href` made absolute against `base`; undefined when it is empty, broken or not http(s). */
export function resolveUrl(href: string, base: string | undefined): string | undefined {
  if (href === '') return undefined;
  try {
    const url = base === undefined ? new URL(href) : new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The site's domain, lower-case, without `www.`. */
export function siteDomain(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined) return undefined;
  try {
    return new URL(baseUrl).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

/** True when `email`'s domain is the site's own: the same domain, a subdomain or a parent domain. */
export function isOwnEmail(email: string, site: string | undefined): boolean {
  const domain = email.split('@')[1];
  if (site === undefined || domain === undefined) return false;
  return domain === site || domain.endsWith(`.${site}`) || site.endsWith(`.${domain}`);
}
