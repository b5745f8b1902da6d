import {
  checkOptionKeys,
  type DefinedTool,
  defineTool,
  type ToolMetrics,
  ValidationError,
} from '@aigo/ai';
import { pickSafeNetworkOptions, type SafeNetworkOptions } from '@aigo/http';
import { type Static, Type } from 'typebox';
import {
  categorizePages,
  STANDARD_PAGE_CATEGORIES,
  type StandardPageCategory,
} from './categorize-pages.js';
import { type CrawlPhase, type CrawlResult, crawlSite } from './crawl-site.js';
import { extractTextUrls } from './extract-text-urls.js';
import { startingUrl } from './normalize-url.js';

/** Default and largest `max_urls` (the Go tool's default; the cap keeps one call bounded). */
export const URLEXTRACTOR_DEFAULT_MAX_URLS = 1000;
/** See {@link URLEXTRACTOR_DEFAULT_MAX_URLS}. */
export const URLEXTRACTOR_MAX_URLS = 10_000;
/** Default and largest total time of a crawl, seconds (the Go tool's default is 300). */
export const URLEXTRACTOR_DEFAULT_TIMEOUT_SECONDS = 300;
/** See {@link URLEXTRACTOR_DEFAULT_TIMEOUT_SECONDS}. */
export const URLEXTRACTOR_MAX_TIMEOUT_SECONDS = 600;
/** Default pause between crawled pages (the Go tool's). */
export const URLEXTRACTOR_DEFAULT_CRAWL_DELAY_MS = 100;
/** The default user agent (the Go tool's). */
export const URLEXTRACTOR_DEFAULT_USER_AGENT = 'aigo-urlextractor-tool/1.0';

/** URLExtractor's input. */
export const UrlExtractorInput = Type.Object({
  url: Type.Optional(
    Type.String({
      description:
        'A site to collect page URLs from (robots.txt, sitemaps, then links); "example.com" works',
    }),
  ),
  text: Type.Optional(
    Type.String({ description: 'Text to find URLs in (prose, Markdown, HTML source)' }),
  ),
  max_urls: Type.Optional(
    Type.Integer({ description: 'Stop after this many URLs (default 1000, at most 10000)' }),
  ),
  timeout_seconds: Type.Optional(
    Type.Number({ description: 'Total time for the crawl, seconds (default 300, at most 600)' }),
  ),
  user_agent: Type.Optional(Type.String({ description: 'User agent for requests and robots.txt' })),
  crawl_delay_ms: Type.Optional(
    Type.Integer({
      description: 'Pause between crawled pages, ms (default 100; robots.txt may ask for more)',
    }),
  ),
  force_recursive_crawling: Type.Optional(
    Type.Boolean({ description: 'Also follow links when the sitemaps already listed pages' }),
  ),
});
/** URLExtractor's input. */
export type UrlExtractorInput = Static<typeof UrlExtractorInput>;

const UrlList = Type.Array(Type.String());

/** URLExtractor's output. */
export const UrlExtractorOutput = Type.Object({
  base_url: Type.Optional(Type.String({ description: 'The site, after redirects' })),
  urls: Type.Array(Type.String(), { description: 'Every URL found, normalised, sorted' }),
  total_urls: Type.Integer(),
  robots_txt_found: Type.Boolean(),
  sitemap_found: Type.Boolean(),
  sources: Type.Object({
    text: Type.Integer(),
    sitemap: Type.Integer(),
    crawl: Type.Integer(),
  }),
  standard_pages: Type.Object(
    Object.fromEntries(
      STANDARD_PAGE_CATEGORIES.map((category) => [category, Type.Optional(UrlList)]),
    ),
  ),
  standard_pages_summary: Type.String(),
  truncated: Type.Boolean({ description: 'max_urls was reached; the site has more' }),
  timed_out: Type.Boolean({ description: 'The time ran out; the URLs found so far are returned' }),
});
/** URLExtractor's output. */
export type UrlExtractorOutput = Static<typeof UrlExtractorOutput>;

/** URLExtractor metrics (the Go tool's figures). */
export const URLEXTRACTOR_METRICS: ToolMetrics = Object.freeze({
  amount: 0,
  currency: 'USD',
  costDescription: 'free (direct HTTP requests)',
  accuracy: 0.95,
  averageDurationInMillis: 2000,
});

/**
 * Options of {@link urlExtractorTool}. The address checks (`allowPrivateNetwork` for self-hosted sites
 * and tests, `allowedPrivateHosts`, `lookup`) are `safeFetch`'s and all off by default.
 */
export interface UrlExtractorToolOptions extends SafeNetworkOptions {
  /** The tool's name. Default `URLExtractor`. */
  readonly name?: string;
  /** Default user agent. Default `aigo-urlextractor-tool/1.0`. */
  readonly userAgent?: string;
  /** Called with the URL count and the phase as the crawl proceeds. */
  readonly onProgress?: (count: number, phase: CrawlPhase) => void;
}

/** The tool made by {@link urlExtractorTool}. */
export type UrlExtractorTool = DefinedTool<
  typeof UrlExtractorInput,
  typeof UrlExtractorOutput,
  unknown
>;

/**
 * A tool that finds URLs: in a text (normalised, deduplicated), and on a site — robots.txt (rules,
 * crawl delay, sitemaps), sitemaps and sitemap indexes (gzipped too), then a breadth-first crawl of
 * same-site links when the sitemaps list nothing. It honours robots.txt, `max_urls` and the total
 * timeout, never leaves the site, never reaches a private address (every request, redirects and
 * sitemap locations included, goes through `safeFetch`), and sorts its output. It also groups the
 * URLs into standard pages (home, about, contact, products, blog, faq, privacy, login, cart).
 */
export function urlExtractorTool(options?: UrlExtractorToolOptions): UrlExtractorTool {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  if (options !== undefined) {
    checkOptionKeys(
      options,
      ['name', 'userAgent', 'onProgress', 'allowPrivateNetwork', 'allowedPrivateHosts', 'lookup'],
      { owner: 'urlExtractorTool()' },
    );
  }
  const defaultUserAgent = options?.userAgent ?? URLEXTRACTOR_DEFAULT_USER_AGENT;
  return defineTool({
    name: options?.name ?? 'URLExtractor',
    description:
      "Finds URLs. Give `text` to pull every link out of a text, or `url` to list a website's pages " +
      'from its robots.txt and sitemaps (crawling its links when there is no sitemap). Returns the URLs ' +
      'sorted and deduplicated, where they came from, and the standard pages found (home, about, ' +
      'contact, products, blog, faq, privacy, login, cart). Respects robots.txt and stays on the site.',
    input: UrlExtractorInput,
    output: UrlExtractorOutput,
    metrics: URLEXTRACTOR_METRICS,
    execute: async (input, { signal }) => {
      if ((input.url ?? '').trim() === '' && (input.text ?? '').trim() === '') {
        throw new ValidationError('url', 'give a url to crawl or a text to extract URLs from');
      }
      const maxUrls = clamp(
        input.max_urls ?? URLEXTRACTOR_DEFAULT_MAX_URLS,
        1,
        URLEXTRACTOR_MAX_URLS,
      );
      const fromText =
        input.text === undefined ? [] : extractTextUrls(input.text).slice(0, maxUrls);
      let crawl: CrawlResult | undefined;
      if (input.url !== undefined && input.url.trim() !== '') {
        const start = startingUrl(input.url);
        if (start === undefined) {
          throw new ValidationError(
            'url',
            'must be an http(s) URL or a host name such as example.com',
          );
        }
        crawl = await crawlSite(start, {
          maxUrls: Math.max(maxUrls - fromText.length, 1),
          timeoutMs:
            clamp(
              input.timeout_seconds ?? URLEXTRACTOR_DEFAULT_TIMEOUT_SECONDS,
              1,
              URLEXTRACTOR_MAX_TIMEOUT_SECONDS,
            ) * 1000,
          userAgent: input.user_agent?.trim() || defaultUserAgent,
          crawlDelayMs: Math.max(input.crawl_delay_ms ?? URLEXTRACTOR_DEFAULT_CRAWL_DELAY_MS, 0),
          forceCrawl: input.force_recursive_crawling === true,
          signal,
          onProgress: options?.onProgress,
          ...pickSafeNetworkOptions(options),
        });
      }
      const all = [...new Set([...fromText, ...(crawl?.urls ?? [])])].sort();
      const standardPages = categorizePages(all);
      return {
        ...(crawl === undefined ? {} : { base_url: crawl.baseUrl }),
        urls: all,
        total_urls: all.length,
        robots_txt_found: crawl?.robotsTxtFound ?? false,
        sitemap_found: crawl?.sitemapFound ?? false,
        sources: {
          text: fromText.length,
          sitemap: crawl?.fromSitemaps ?? 0,
          crawl: crawl?.fromCrawl ?? 0,
        },
        standard_pages: standardPages,
        standard_pages_summary: standardPagesSummary(standardPages),
        truncated:
          (crawl?.truncated ?? false) ||
          (input.text !== undefined && extractTextUrls(input.text).length > maxUrls),
        timed_out: crawl?.timedOut ?? false,
      };
    },
  });
}

/** "Found standard pages: home (1 URL), contact (2 URLs)", or "No standard pages found". */
export function standardPagesSummary(
  pages: Partial<Record<StandardPageCategory, readonly string[]>>,
): string {
  const parts = STANDARD_PAGE_CATEGORIES.flatMap((category) => {
    const count = pages[category]?.length ?? 0;
    return count === 0 ? [] : [`${category} (${count} URL${count === 1 ? '' : 's'})`];
  });
  return parts.length === 0
    ? 'No standard pages found'
    : `Found standard pages: ${parts.join(', ')}`;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(Math.trunc(value), min), max);
}
