import {
  checkOptionKeys,
  type DefinedTool,
  defineTool,
  type ToolMetrics,
  ValidationError,
} from '@aigo/ai';
import { type Static, Type } from 'typebox';
import { extractSiteData } from './extract-site-data.js';

/** The largest total HTML accepted in one call: 20 MiB (the tool runs in-process). */
export const SITEDATA_MAX_TOTAL_CHARS = 20 * 1024 * 1024;

/** SiteDataExtractor's input. */
export const SiteDataInput = Type.Object({
  pages: Type.Record(Type.String(), Type.String(), {
    minProperties: 1,
    description:
      'The pages to read: a name or URL for each page (e.g. "home", "contact", "https://x.com/about") → its HTML',
  }),
  base_url: Type.Optional(
    Type.String({
      description:
        "The site's URL; resolves relative links and identifies the company's own e-mail domain",
    }),
  ),
  site_structure: Type.Optional(
    Type.Object(
      { base_url: Type.Optional(Type.String()) },
      { description: "URLExtractor's output; only its base_url is used" },
    ),
  ),
});
/** SiteDataExtractor's input. */
export type SiteDataInput = Static<typeof SiteDataInput>;

const Field = Type.Object({
  value: Type.String(),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  source: Type.String(),
  page: Type.String(),
  candidates: Type.Array(Type.String()),
});
const Item = Type.Object({
  value: Type.String(),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  sources: Type.Array(Type.String()),
});

/** SiteDataExtractor's output. */
export const SiteDataOutput = Type.Object({
  base_url: Type.Optional(Type.String()),
  company_name: Type.Optional(Field),
  legal_name: Type.Optional(Field),
  description: Type.Optional(Field),
  website: Type.Optional(Field),
  logo_url: Type.Optional(Field),
  vat_id: Type.Optional(Field),
  founding_date: Type.Optional(Field),
  employees: Type.Optional(Field),
  emails: Type.Array(Item),
  phones: Type.Array(Item, { description: '+ and digits, e.g. +442079460958' }),
  fax_numbers: Type.Array(Item),
  addresses: Type.Array(
    Type.Object({
      text: Type.String(),
      street_address: Type.Optional(Type.String()),
      locality: Type.Optional(Type.String()),
      region: Type.Optional(Type.String()),
      postal_code: Type.Optional(Type.String()),
      country: Type.Optional(Type.String()),
      confidence: Type.Number(),
      sources: Type.Array(Type.String()),
    }),
  ),
  social_links: Type.Array(
    Type.Object({
      platform: Type.Union([
        Type.Literal('facebook'),
        Type.Literal('github'),
        Type.Literal('instagram'),
        Type.Literal('linkedin'),
        Type.Literal('tiktok'),
        Type.Literal('twitter'),
        Type.Literal('youtube'),
      ]),
      url: Type.String(),
      confidence: Type.Number(),
      sources: Type.Array(Type.String()),
    }),
  ),
  json_ld: Type.Array(
    Type.Object({
      page: Type.String(),
      type: Type.String(),
      data: Type.Record(Type.String(), Type.Unknown()),
    }),
  ),
  pages_used: Type.Array(Type.String()),
  fields_extracted: Type.Integer(),
  fields_total: Type.Integer(),
  overall_confidence: Type.Number(),
});
/** SiteDataExtractor's output. */
export type SiteDataOutput = Static<typeof SiteDataOutput>;

/** SiteDataExtractor metrics (the Go tool's figures). */
export const SITEDATA_METRICS: ToolMetrics = Object.freeze({
  amount: 0,
  currency: 'USD',
  costDescription: 'local computation (no network)',
  accuracy: 0.8,
  averageDurationInMillis: 50,
});

/** Options of {@link siteDataExtractorTool}. */
export interface SiteDataExtractorToolOptions {
  /** The tool's name. Default `SiteDataExtractor`. */
  readonly name?: string;
}

/** The tool made by {@link siteDataExtractorTool}. */
export type SiteDataExtractorTool = DefinedTool<
  typeof SiteDataInput,
  typeof SiteDataOutput,
  unknown
>;

/**
 * A tool that reads a company's web pages (HTML the caller already has — it makes no request) and
 * returns its name, legal name, description, website, logo, VAT id, founding date, employees, e-mails,
 * phones, fax numbers, postal addresses, social profiles and every schema.org JSON-LD object, each with a
 * confidence and its sources. Output order is deterministic.
 */
export function siteDataExtractorTool(
  options?: SiteDataExtractorToolOptions,
): SiteDataExtractorTool {
  if (options !== undefined && (options === null || typeof options !== 'object')) {
    throw new ValidationError('options', 'must be an object');
  }
  if (options !== undefined)
    checkOptionKeys(options, ['name'], { owner: 'siteDataExtractorTool()' });
  return defineTool({
    name: options?.name ?? 'SiteDataExtractor',
    description:
      "Extracts a company's details from the HTML of its web pages (home, about, contact…): name, legal " +
      'name, description, website, logo, VAT id, e-mails, phone and fax numbers, postal addresses, social ' +
      'profiles and schema.org JSON-LD, each with a confidence. Pass pages as { name or URL: html }; it does ' +
      'not fetch anything (use WebFetch with include_html, or your own fetcher, first).',
    input: SiteDataInput,
    output: SiteDataOutput,
    metrics: SITEDATA_METRICS,
    execute: (input) => {
      let total = 0;
      for (const html of Object.values(input.pages)) total += html.length;
      if (total > SITEDATA_MAX_TOTAL_CHARS) {
        throw new ValidationError(
          'pages',
          `hold more than ${SITEDATA_MAX_TOTAL_CHARS} characters of HTML`,
        );
      }
      const baseUrl = input.base_url ?? input.site_structure?.base_url;
      if (baseUrl !== undefined && !/^https?:\/\/[^/\s]/i.test(baseUrl)) {
        throw new ValidationError('base_url', 'must be an absolute http(s) URL');
      }
      return extractSiteData(input.pages, baseUrl) as SiteDataOutput;
    },
  });
}
