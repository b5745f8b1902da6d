import type { ExtractedField, ExtractedItem } from './collect.js';
import type { SocialPlatform } from './social-links.js';

/** A postal address, structured when JSON-LD gave it. */
export interface ExtractedAddress {
  readonly text: string;
  readonly street_address?: string;
  readonly locality?: string;
  readonly region?: string;
  readonly postal_code?: string;
  readonly country?: string;
  readonly confidence: number;
  readonly sources: string[];
}

/** An address as found, before its confidence and sources are settled. */
export type FoundAddress = Omit<ExtractedAddress, 'confidence' | 'sources'>;

/** A social profile. */
export interface ExtractedSocialLink {
  readonly platform: SocialPlatform;
  readonly url: string;
  readonly confidence: number;
  readonly sources: string[];
}

/** One JSON-LD object found on a page. */
export interface JsonLdEntry {
  readonly page: string;
  /** `@type`, several joined with `,`; `''` when absent. */
  readonly type: string;
  readonly data: { readonly [key: string]: unknown };
}

/** The single-valued fields of {@link SiteData}, in output order. */
export const SITE_DATA_FIELDS = [
  'company_name',
  'legal_name',
  'description',
  'website',
  'logo_url',
  'vat_id',
  'founding_date',
  'employees',
] as const;

/** One of {@link SITE_DATA_FIELDS}. */
export type SiteDataField = (typeof SITE_DATA_FIELDS)[number];

/** Everything extracted from a site's pages. */
export interface SiteData {
  readonly base_url?: string;
  readonly company_name?: ExtractedField;
  readonly legal_name?: ExtractedField;
  readonly description?: ExtractedField;
  readonly website?: ExtractedField;
  readonly logo_url?: ExtractedField;
  readonly vat_id?: ExtractedField;
  readonly founding_date?: ExtractedField;
  readonly employees?: ExtractedField;
  readonly emails: ExtractedItem[];
  readonly phones: ExtractedItem[];
  readonly fax_numbers: ExtractedItem[];
  readonly addresses: ExtractedAddress[];
  readonly social_links: ExtractedSocialLink[];
  readonly json_ld: JsonLdEntry[];
  readonly pages_used: string[];
  readonly fields_extracted: number;
  readonly fields_total: number;
  readonly overall_confidence: number;
}
