import { setTimeout as delay } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { AbortError, AigoError, TimeoutError } from '@aigo/ai';
import {
  isTextMediaType,
  pickSafeNetworkOptions,
  type SafeFetchResponse,
  type SafeNetworkOptions,
  safeFetch,
  UnsafeUrlError,
} from '@aigo/http';
import { extractPageLinks } from './extract-page-links.js';
import { normalizeUrl, sameSite } from './normalize-url.js';
import { parseSitemap } from './parse-sitemap.js';
import { parseRobotsTxt, type RobotsRules } from './robots-txt.js';

/** Where the crawl may connect: `safeFetch`'s address checks, all off by default. */
export interface CrawlNetworkOptions extends SafeNetworkOptions {}

/** The phases reported to `onProgress`. */
export type CrawlPhase =
  | 'initializing'
  | 'analyzing_robots_txt'
  | 'extracting_sitemaps'
  | 'crawling'
  | 'complete';

/** Settings of one crawl. */
export interface CrawlSettings extends CrawlNetworkOptions {
  readonly maxUrls: number;
  readonly timeoutMs: number;
  readonly userAgent: string;
  readonly crawlDelayMs: number;
  readonly forceCrawl: boolean;
  readonly signal: AbortSignal;
  readonly onProgress?: ((count: number, phase: CrawlPhase) => void) | undefined;
}

/** What a crawl found. */
export interface CrawlResult {
  /** The site's canonical URL (after the start URL's redirects). */
  readonly baseUrl: string;
  /** Page URLs, normalised, in the order they were found. */
  readonly urls: readonly string[];
  readonly robotsTxtFound: boolean;
  readonly sitemapFound: boolean;
  readonly fromSitemaps: number;
  readonly fromCrawl: number;
  readonly sitemapsRead: number;
  readonly pagesFetched: number;
  /** True when `maxUrls` was reached before the site was exhausted. */
  readonly truncated: boolean;
  /** True when the deadline stopped the crawl (the URLs found so far are returned). */
  readonly timedOut: boolean;
}

/** At most this many sitemap files are read per call. */
export const MAX_SITEMAP_FILES = 100;
/** A sitemap may be this large, compressed or not (the protocol's own limit is 50 MiB uncompressed). */
export const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
/** An HTML page read while crawling may be this large. */
const MAX_PAGE_BYTES = 5 * 1024 * 1024;
/** One request may take at most this long (within the overall deadline). */
const REQUEST_TIMEOUT_MS = 30_000;

class DeadlineReached extends Error {}

/**
 * Collects a site's page URLs the way a polite crawler does: the start URL's redirects give the
 * canonical site; `robots.txt` gives the rules, the crawl delay and the sitemaps (else `/sitemap.xml`);
 * sitemaps and sitemap indexes (gzipped or not) give the URLs; when they give none (or `forceCrawl`),
 * pages are crawled breadth-first from the start, following same-site links. Only same-site URLs that
 * robots.txt allows are kept, at most `maxUrls`. Every request goes through `safeFetch`, so neither the
 * site nor its sitemaps can point the crawler at a private address; a refused sitemap or link is
 * skipped, a refused start URL fails the call. The deadline ends the crawl early with what was found.
 */
export async function crawlSite(startUrl: string, settings: CrawlSettings): Promise<CrawlResult> {
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(settings.signal.reason);
  settings.signal.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DeadlineReached('deadline')),
    settings.timeoutMs,
  );
  timer.unref?.();
  const state = new CrawlState(startUrl, settings, controller.signal);
  try {
    await state.run();
  } catch (error) {
    if (settings.signal.aborted) throw AbortError.fromSignal(settings.signal);
    if (!(controller.signal.reason instanceof DeadlineReached)) throw error;
    state.timedOut = true;
  } finally {
    clearTimeout(timer);
    settings.signal.removeEventListener('abort', onCallerAbort);
  }
  settings.onProgress?.(state.urls.size, 'complete');
  return state.result();
}

class CrawlState {
  readonly urls = new Set<string>();
  baseUrl: string;
  robots: RobotsRules | undefined;
  sitemapFound = false;
  fromSitemaps = 0;
  fromCrawl = 0;
  sitemapsRead = 0;
  pagesFetched = 0;
  truncated = false;
  timedOut = false;

  constructor(
    startUrl: string,
    readonly settings: CrawlSettings,
    readonly signal: AbortSignal,
  ) {
    this.baseUrl = startUrl;
  }

  result(): CrawlResult {
    return {
      baseUrl: this.baseUrl,
      urls: [...this.urls],
      robotsTxtFound: this.robots !== undefined,
      sitemapFound: this.sitemapFound,
      fromSitemaps: this.fromSitemaps,
      fromCrawl: this.fromCrawl,
      sitemapsRead: this.sitemapsRead,
      pagesFetched: this.pagesFetched,
      truncated: this.truncated,
      timedOut: this.timedOut,
    };
  }

  async run(): Promise<void> {
    this.progress('initializing');
    await this.findCanonical();
    this.progress('analyzing_robots_txt');
    await this.readRobots();
    this.progress('extracting_sitemaps');
    await this.readSitemaps();
    if (this.settings.forceCrawl || this.urls.size === 0) {
      this.progress('crawling');
      await this.crawl();
    }
  }

  progress(phase: CrawlPhase): void {
    this.settings.onProgress?.(this.urls.size, phase);
  }

  /** HEAD the start URL; its final URL is the site. A refused start URL fails the call. */
  async findCanonical(): Promise<void> {
    try {
      const response = await this.fetch(this.baseUrl, { method: 'HEAD' });
      if (response.status < 400) this.baseUrl = normalizeUrl(response.url) ?? this.baseUrl;
    } catch (error) {
      if (UnsafeUrlError.isInstance(error)) throw error;
      this.rethrowInterruption(error);
      // Unreachable with HEAD: keep the URL as given; robots.txt may still answer.
    }
  }

  async readRobots(): Promise<void> {
    const robotsUrl = new URL('/robots.txt', this.baseUrl).href;
    const response = await this.tryFetch(robotsUrl, {
      acceptContentType: (type) => type === '' || type.startsWith('text/'),
      maxResponseBytes: 512 * 1024,
    });
    if (response?.status === 200) {
      this.robots = parseRobotsTxt(response.text(), this.settings.userAgent);
    }
  }

  async readSitemaps(): Promise<void> {
    const queue: string[] = [];
    const seen = new Set<string>();
    const listed = this.robots?.sitemaps ?? [];
    for (const location of listed.length > 0 ? listed : ['/sitemap.xml']) {
      const url = normalizeUrl(location, this.baseUrl);
      if (url !== undefined && !seen.has(url)) {
        seen.add(url);
        queue.push(url);
      }
    }
    while (queue.length > 0 && this.sitemapsRead < MAX_SITEMAP_FILES && !this.full()) {
      const sitemapUrl = queue.shift() as string;
      const response = await this.tryFetch(sitemapUrl, {
        acceptContentType: (type) =>
          type === '' || isTextMediaType(type) || /gzip|octet-stream/.test(type),
        maxResponseBytes: MAX_SITEMAP_BYTES,
      });
      if (response?.status !== 200) continue;
      this.sitemapsRead += 1;
      const xml = sitemapText(response);
      if (xml === undefined) continue;
      const sitemap = parseSitemap(xml);
      if (sitemap.kind === 'unknown') continue;
      this.sitemapFound = true;
      for (const loc of sitemap.locs) {
        const url = normalizeUrl(loc, sitemapUrl);
        if (url === undefined) continue;
        if (sitemap.kind === 'sitemapindex') {
          if (!seen.has(url)) {
            seen.add(url);
            queue.push(url);
          }
        } else if (this.keep(url)) {
          if (this.full()) {
            this.truncated = true;
            break;
          }
          if (!this.urls.has(url)) {
            this.urls.add(url);
            this.fromSitemaps += 1;
          }
        }
      }
      this.progress('extracting_sitemaps');
    }
    if (queue.length > 0 && this.full()) this.truncated = true;
  }

  async crawl(): Promise<void> {
    const queue: string[] = [this.baseUrl];
    const queued = new Set(queue);
    const maxFetches = Math.max(this.settings.maxUrls * 2, 20);
    const delayMs = Math.max(this.settings.crawlDelayMs, this.robots?.crawlDelayMs ?? 0);
    while (queue.length > 0 && this.pagesFetched < maxFetches) {
      if (this.full()) {
        this.truncated = true;
        return;
      }
      const url = queue.shift() as string;
      if (!this.keep(url)) continue;
      if (this.pagesFetched > 0 && delayMs > 0)
        await delay(delayMs, undefined, { signal: this.signal });
      this.pagesFetched += 1;
      let response: SafeFetchResponse | undefined;
      try {
        response = await this.fetch(url, {
          acceptContentType: (type) => type === 'text/html' || type === 'application/xhtml+xml',
          maxResponseBytes: MAX_PAGE_BYTES,
        });
      } catch (error) {
        this.rethrowInterruption(error);
        // A 2xx answer that is not HTML (a PDF, an image) is a page of the site all the same.
        if (AigoError.isInstance(error) && error.code === 'unsupported') this.add(url);
        continue;
      }
      if (response.status < 200 || response.status > 299) continue;
      const finalUrl = normalizeUrl(response.url) ?? url;
      this.add(this.keep(finalUrl) ? finalUrl : url);
      if (this.urls.size % Math.max(1, Math.floor(this.settings.maxUrls / 20)) === 0) {
        this.progress('crawling');
      }
      for (const link of extractPageLinks(response.text(), finalUrl)) {
        if (!queued.has(link) && this.keep(link)) {
          queued.add(link);
          queue.push(link);
        }
      }
    }
  }

  add(url: string): void {
    if (this.urls.has(url) || this.full()) return;
    this.urls.add(url);
    this.fromCrawl += 1;
  }

  full(): boolean {
    return this.urls.size >= this.settings.maxUrls;
  }

  /** Same site as the base, and allowed by robots.txt. */
  keep(url: string): boolean {
    if (!sameSite(url, this.baseUrl)) return false;
    if (this.robots === undefined) return true;
    const parsed = new URL(url);
    return this.robots.isAllowed(`${parsed.pathname}${parsed.search}`);
  }

  fetch(
    url: string,
    options: {
      method?: 'GET' | 'HEAD';
      acceptContentType?: (type: string) => boolean;
      maxResponseBytes?: number;
    },
  ): Promise<SafeFetchResponse> {
    return safeFetch(url, {
      ...options,
      headers: { 'user-agent': this.settings.userAgent },
      signal: this.signal,
      timeoutMs: REQUEST_TIMEOUT_MS,
      provider: 'urlextractor',
      ...pickSafeNetworkOptions(this.settings),
    });
  }

  /** A fetch whose failure (refused, unreachable, not text) only means "nothing here". */
  async tryFetch(
    url: string,
    options: { acceptContentType?: (type: string) => boolean; maxResponseBytes?: number },
  ): Promise<SafeFetchResponse | undefined> {
    try {
      return await this.fetch(url, options);
    } catch (error) {
      this.rethrowInterruption(error);
      return undefined;
    }
  }

  /** The caller's abort and the deadline stop everything; other errors are the request's own. */
  rethrowInterruption(error: unknown): void {
    if (this.signal.aborted) throw error;
    if (AbortError.isInstance(error)) throw error;
    if (TimeoutError.isInstance(error) && this.signal.aborted) throw error;
  }
}

/** A sitemap body as text, gunzipped when it is gzip (by URL, type or magic bytes); undefined if broken. */
function sitemapText(response: SafeFetchResponse): string | undefined {
  const bytes = response.body;
  const gzipped =
    (bytes[0] === 0x1f && bytes[1] === 0x8b) ||
    /\.gz$/i.test(new URL(response.url).pathname) ||
    response.mediaType.includes('gzip');
  if (!gzipped) return response.text();
  if (!(bytes[0] === 0x1f && bytes[1] === 0x8b)) return response.text();
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES }).toString('utf8');
  } catch {
    return undefined;
  }
}
