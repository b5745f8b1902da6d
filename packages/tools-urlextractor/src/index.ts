/**
 * `@aigo/tools-urlextractor` — `urlExtractorTool()`: URLs from text, and a site's pages from
 * robots.txt, sitemaps and links, within limits and without reaching private networks.
 *
 * @packageDocumentation
 */

export {
  categorizePages,
  STANDARD_PAGE_CATEGORIES,
  type StandardPageCategory,
} from './categorize-pages.js';
export {
  type CrawlNetworkOptions,
  type CrawlPhase,
  type CrawlResult,
  type CrawlSettings,
  crawlSite,
  MAX_SITEMAP_BYTES,
  MAX_SITEMAP_FILES,
} from './crawl-site.js';
export { extractPageLinks } from './extract-page-links.js';
export { extractTextUrls } from './extract-text-urls.js';
export { normalizeUrl, sameSite } from './normalize-url.js';
export { parseSitemap, type SitemapContent } from './parse-sitemap.js';
export { parseRobotsTxt, type RobotsRules } from './robots-txt.js';
export {
  standardPagesSummary,
  URLEXTRACTOR_DEFAULT_CRAWL_DELAY_MS,
  URLEXTRACTOR_DEFAULT_MAX_URLS,
  URLEXTRACTOR_DEFAULT_TIMEOUT_SECONDS,
  URLEXTRACTOR_DEFAULT_USER_AGENT,
  URLEXTRACTOR_MAX_TIMEOUT_SECONDS,
  URLEXTRACTOR_MAX_URLS,
  URLEXTRACTOR_METRICS,
  UrlExtractorInput,
  UrlExtractorOutput,
  type UrlExtractorTool,
  type UrlExtractorToolOptions,
  urlExtractorTool,
} from './url-extractor-tool.js';
