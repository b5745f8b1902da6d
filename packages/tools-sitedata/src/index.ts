/**
 * `@aigo/tools-sitedata` — `siteDataExtractorTool()`: company data from a site's pages (no network),
 * in a deterministic order.
 *
 * @packageDocumentation
 */

export type { ExtractedField, ExtractedItem } from './collect.js';
export { extractSiteData } from './extract-site-data.js';
export { type ParsedPage, parsePage } from './parse-page.js';
export type {
  ExtractedAddress,
  ExtractedSocialLink,
  JsonLdEntry,
  SiteData,
} from './site-data.js';
export {
  SITEDATA_MAX_TOTAL_CHARS,
  SITEDATA_METRICS,
  type SiteDataExtractorTool,
  type SiteDataExtractorToolOptions,
  SiteDataInput,
  SiteDataOutput,
  siteDataExtractorTool,
} from './site-data-extractor-tool.js';
export { SOCIAL_PLATFORMS, type SocialPlatform, socialProfile } from './social-links.js';
