/** What robots.txt says for one crawler. */
export interface RobotsRules {
  /** True when the crawler may fetch this path (with its query string). */
  isAllowed(pathWithQuery: string): boolean;
  /** `Crawl-delay` of the group that applies, in ms, when it has one. */
  readonly crawlDelayMs: number | undefined;
  /** Every `Sitemap:` URL in the file (the directive is global: any group, or none). */
  readonly sitemaps: readonly string[];
}

interface Rule {
  readonly allow: boolean;
  readonly pattern: string;
  readonly matcher: RegExp;
}

interface Group {
  readonly agents: string[];
  readonly rules: Rule[];
  crawlDelayMs: number | undefined;
}

/**
 * Parses robots.txt as RFC 9309 describes it: groups start with one or more `User-agent` lines; the
 * group for our product token (the user agent up to `/`, matched case-insensitively) applies, else the
 * `*` group; within it the longest matching `Allow`/`Disallow` pattern wins (Allow on a tie), `*` matches
 * any characters and a final `$` anchors the end; an empty `Disallow` allows everything. `Sitemap:`
 * lines are collected wherever they are. `Crawl-delay` (not in the RFC, widely used) is read in seconds.
 */
export function parseRobotsTxt(text: string, userAgent: string): RobotsRules {
  const groups: Group[] = [];
  const sitemaps: string[] = [];
  let current: Group | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === 'sitemap' || field === 'site-map') {
      if (value !== '') sitemaps.push(value);
      continue;
    }
    if (field === 'user-agent') {
      if (!lastWasAgent || current === undefined) {
        current = { agents: [], rules: [], crawlDelayMs: undefined };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (current === undefined) continue;
    if (field === 'allow' || field === 'disallow') {
      if (value === '') continue;
      current.rules.push({
        allow: field === 'allow',
        pattern: value,
        matcher: patternRegExp(value),
      });
    } else if (field === 'crawl-delay') {
      const seconds = Number(value);
      if (Number.isFinite(seconds) && seconds >= 0)
        current.crawlDelayMs = Math.round(seconds * 1000);
    }
  }
  const token = (userAgent.split('/')[0] ?? userAgent).trim().toLowerCase();
  let applicable = groups.filter((group) =>
    group.agents.some((agent) => agent !== '*' && agent !== '' && token.includes(agent)),
  );
  if (applicable.length === 0) applicable = groups.filter((group) => group.agents.includes('*'));
  const rules = applicable.flatMap((group) => group.rules);
  const crawlDelayMs = applicable.find((group) => group.crawlDelayMs !== undefined)?.crawlDelayMs;
  return {
    sitemaps,
    crawlDelayMs,
    isAllowed(pathWithQuery: string): boolean {
      let best: Rule | undefined;
      for (const rule of rules) {
        if (!rule.matcher.test(pathWithQuery)) continue;
        if (
          best === undefined ||
          rule.pattern.length > best.pattern.length ||
          (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)
        ) {
          best = rule;
        }
      }
      return best === undefined || best.allow;
    },
  };
}

/** `/a*b$` → `^/a.*b$`; everything else literal. Patterns match from the start of the path. */
function patternRegExp(pattern: string): RegExp {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`);
}
