import { Collector, type ExtractedField, type ExtractedItem, round } from './collect.js';
import {
  findEmails,
  findFaxNumbers,
  findPhones,
  findVatIds,
  normalizePhone,
} from './contact-patterns.js';
import { type ParsedPage, parsePage } from './parse-page.js';
import { type SocialPlatform, socialProfile } from './social-links.js';

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

const ORGANIZATION_TYPES = new Set([
  'organization',
  'corporation',
  'company',
  'ngo',
  'brand',
  'onlinebusiness',
]);
const BUSINESS_TYPES = new Set([
  'localbusiness',
  'store',
  'restaurant',
  'professionalservice',
  'bakery',
  'cafeorcoffeeshop',
  'medicalbusiness',
  'legalservice',
  'financialservice',
  'homeandconstructionbusiness',
  'automotivebusiness',
  'foodestablishment',
  'lodgingbusiness',
  'sportsactivitylocation',
  'educationalorganization',
]);

/**
 * Extracts company data from a site's pages, locally (no network): schema.org JSON-LD first (an
 * `Organization` is trusted most, a `LocalBusiness` a little less), then meta and Open Graph tags,
 * `mailto:`/`tel:` links, `<address>` elements, logos, social profile links, and finally patterns in the
 * visible text (e-mails, international or labelled phone numbers, fax numbers, VAT ids). Pages are read in
 * the sorted order of their keys and every list is sorted, so the same pages always give the same output.
 *
 * @param pages - Page key (a name such as `contact`, or the page's URL) → HTML.
 * @param baseUrl - The site's URL, when known: it resolves relative links, decides which e-mail domains
 *   are the company's own, and is the `website` (confidence 1).
 */
export function extractSiteData(
  pages: Readonly<Record<string, string>>,
  baseUrl?: string,
): SiteData {
  const collector = new Collector();
  const jsonLdEntries: JsonLdEntry[] = [];
  const addresses = new Map<
    string,
    {
      address: Omit<ExtractedAddress, 'confidence' | 'sources'>;
      confidence: number;
      sources: Set<string>;
    }
  >();
  const social = new Map<
    string,
    { platform: SocialPlatform; url: string; confidence: number; sources: Set<string> }
  >();
  const keys = Object.keys(pages)
    .filter((key) => typeof pages[key] === 'string' && (pages[key] as string).trim() !== '')
    .sort();
  const site = siteDomain(baseUrl);
  if (baseUrl !== undefined) collector.field('website', baseUrl, 1, 'input', '');

  const addSocial = (href: string, confidence: number, source: string) => {
    const profile = socialProfile(href);
    if (profile === undefined) return;
    const key = profile.url.toLowerCase();
    const entry = social.get(key);
    if (entry === undefined)
      social.set(key, { ...profile, confidence, sources: new Set([source]) });
    else {
      entry.confidence = Math.max(entry.confidence, confidence);
      entry.sources.add(source);
    }
  };
  const addAddress = (
    address: Omit<ExtractedAddress, 'confidence' | 'sources'>,
    confidence: number,
    source: string,
  ) => {
    // An <address> text that contains a known structured address's street and postcode is that address.
    for (const entry of addresses.values()) {
      const { street_address: street, postal_code: postal } = entry.address;
      if (
        street !== undefined &&
        postal !== undefined &&
        address.text.includes(street) &&
        address.text.includes(postal)
      ) {
        entry.confidence = Math.max(entry.confidence, confidence);
        entry.sources.add(source);
        return;
      }
    }
    const key = address.text.toLowerCase().replace(/[^a-z0-9]/g, '');
    const entry = addresses.get(key);
    if (entry === undefined)
      addresses.set(key, { address, confidence, sources: new Set([source]) });
    else {
      entry.confidence = Math.max(entry.confidence, confidence);
      entry.sources.add(source);
    }
  };

  const titles: { title: string; page: string }[] = [];
  for (const key of keys) {
    const page = parsePage(pages[key] as string);
    if (page.title !== '') titles.push({ title: page.title, page: key });
    const pageUrl = absoluteOrUndefined(key) ?? baseUrl;
    const resolve = (href: string) => resolveUrl(href, pageUrl);

    for (const object of flattenJsonLd(page.jsonLd)) {
      const types = typesOf(object);
      jsonLdEntries.push({ page: key, type: types.join(','), data: object });
      const lower = types.map((type) => type.toLowerCase());
      const isOrganization = lower.some((type) => ORGANIZATION_TYPES.has(type));
      const isBusiness = lower.some((type) => BUSINESS_TYPES.has(type));
      const isContactPoint = lower.includes('contactpoint');
      if (isOrganization || isBusiness) {
        const weight = isOrganization ? 0.95 : 0.9;
        collector.field('company_name', text(object.name), weight, 'json-ld', key);
        collector.field('legal_name', text(object.legalName), 0.98, 'json-ld', key);
        collector.field('description', text(object.description), weight, 'json-ld', key);
        collector.field('website', resolve(text(object.url) ?? ''), 0.95, 'json-ld', key);
        collector.field('logo_url', resolve(imageUrl(object.logo) ?? ''), 0.95, 'json-ld', key);
        collector.field('vat_id', text(object.vatID), 0.95, 'json-ld', key);
        collector.field('founding_date', text(object.foundingDate), 0.95, 'json-ld', key);
        collector.field('employees', employeesOf(object.numberOfEmployees), 0.85, 'json-ld', key);
        for (const href of list(object.sameAs)) addSocial(String(href), 0.95, `${key}:json-ld`);
        for (const point of list(object.contactPoint)) {
          if (isRecord(point)) contactFrom(collector, point, key);
        }
        for (const address of list(object.address)) {
          const structured = postalAddress(address);
          if (structured !== undefined) addAddress(structured, 0.95, `${key}:json-ld`);
        }
      }
      if (isOrganization || isBusiness || isContactPoint) contactFrom(collector, object, key);
    }

    metaFields(collector, page, key, resolve);
    for (const anchor of page.anchors) {
      const href = anchor.href;
      if (/^mailto:/i.test(href)) {
        const email = decodeURIComponent(href.slice(7).split('?')[0] ?? '')
          .trim()
          .toLowerCase();
        if (findEmails(email).length === 1) collector.item('emails', email, 0.95, 'mailto', key);
      } else if (/^tel:/i.test(href)) {
        collector.item(
          'phones',
          normalizePhone(decodeURIComponent(href.slice(4))),
          0.9,
          'tel',
          key,
        );
      } else {
        const absolute = resolve(href);
        if (absolute !== undefined) addSocial(absolute, 0.85, `${key}:link`);
      }
    }
    for (const address of page.addresses) addAddress({ text: address }, 0.8, `${key}:address-tag`);

    const fax = new Set(findFaxNumbers(page.text));
    for (const number of fax) collector.item('fax_numbers', number, 0.8, 'text', key);
    for (const { value, confidence } of findPhones(page.text, fax)) {
      collector.item('phones', value, confidence, 'text', key);
    }
    for (const email of findEmails(page.text)) {
      const own =
        site !== undefined &&
        domainOf(email) !== undefined &&
        isOwnDomain(domainOf(email) as string, site);
      let confidence = own ? 0.9 : site === undefined ? 0.8 : 0.7;
      if (/^(?:info|contact|hello|enquiries|office)@/.test(email)) confidence += 0.05;
      collector.item('emails', email, confidence, 'text', key);
    }
    for (const vat of findVatIds(page.text)) collector.field('vat_id', vat, 0.85, 'text', key);
    logoFromImages(collector, page, key, resolve);
  }

  // The page titles name the company only when nothing better did: the segment most titles share.
  if (collector.getField('company_name') === undefined) {
    const name = titleCompanyName(titles);
    const page =
      titles.find((entry) => name !== undefined && entry.title.includes(name))?.page ?? '';
    collector.field('company_name', name, 0.5, 'title', page);
  }
  const emails = collector.getList('emails');
  const phones = collector.getList('phones');
  const fields = {
    company_name: collector.getField('company_name'),
    legal_name: collector.getField('legal_name'),
    description: collector.getField('description'),
    website: collector.getField('website'),
    logo_url: collector.getField('logo_url'),
    vat_id: collector.getField('vat_id'),
    founding_date: collector.getField('founding_date'),
    employees: collector.getField('employees'),
  };
  const addressList = [...addresses.values()]
    .map(({ address, confidence, sources }) => ({
      ...address,
      confidence: round(confidence),
      sources: [...sources].sort(),
    }))
    .sort((a, b) => b.confidence - a.confidence || compare(a.text, b.text));
  const socialList = [...social.values()]
    .map(({ platform, url, confidence, sources }) => ({
      platform,
      url,
      confidence: round(confidence),
      sources: [...sources].sort(),
    }))
    .sort(
      (a, b) =>
        compare(a.platform, b.platform) || b.confidence - a.confidence || compare(a.url, b.url),
    );
  const faxNumbers = collector.getList('fax_numbers');

  // Completeness and a weighted confidence, as the Go tool reports them.
  const scored: [number | undefined, number][] = [
    [fields.company_name?.confidence, 2],
    [emails[0]?.confidence, 1.5],
    [phones[0]?.confidence, 1.5],
    [fields.vat_id?.confidence, 1.3],
    [addressList[0]?.confidence, 1.2],
    [fields.website?.confidence, 1],
    [fields.logo_url?.confidence, 1],
    [fields.description?.confidence, 1],
    [fields.legal_name?.confidence, 1],
    [fields.founding_date?.confidence, 0.8],
    [fields.employees?.confidence, 0.8],
    [faxNumbers[0]?.confidence, 0.5],
    [socialList[0]?.confidence, 1],
  ];
  const present = scored.filter(([confidence]) => confidence !== undefined) as [number, number][];
  const weight = present.reduce((sum, [, w]) => sum + w, 0);
  const overall = weight === 0 ? 0 : present.reduce((sum, [c, w]) => sum + c * w, 0) / weight;

  const definedFields: { [K in keyof typeof fields]?: ExtractedField } = {};
  for (const name of Object.keys(fields) as (keyof typeof fields)[]) {
    const field = fields[name];
    if (field !== undefined) definedFields[name] = field;
  }
  return {
    ...(baseUrl === undefined ? {} : { base_url: baseUrl }),
    ...definedFields,
    emails,
    phones,
    fax_numbers: faxNumbers,
    addresses: addressList,
    social_links: socialList,
    json_ld: jsonLdEntries,
    pages_used: keys,
    fields_extracted: present.length,
    fields_total: scored.length,
    overall_confidence: round(overall),
  };
}

function contactFrom(collector: Collector, object: Record<string, unknown>, page: string): void {
  const email = text(object.email)
    ?.replace(/^mailto:/i, '')
    .toLowerCase();
  if (email !== undefined && findEmails(email).length === 1)
    collector.item('emails', email, 0.95, 'json-ld', page);
  collector.item('phones', normalizePhone(text(object.telephone) ?? ''), 0.95, 'json-ld', page);
  collector.item(
    'fax_numbers',
    normalizePhone(text(object.faxNumber) ?? ''),
    0.95,
    'json-ld',
    page,
  );
}

function metaFields(
  collector: Collector,
  page: ParsedPage,
  key: string,
  resolve: (href: string) => string | undefined,
): void {
  collector.field('company_name', page.meta.get('og:site_name'), 0.85, 'og:tag', key);
  collector.field('description', page.meta.get('description'), 0.6, 'meta-tag', key);
  collector.field('description', page.meta.get('og:description'), 0.55, 'og:tag', key);
  const ogImage = page.meta.get('og:image');
  if (ogImage !== undefined) collector.field('logo_url', resolve(ogImage), 0.5, 'og:tag', key);
  for (const link of page.links) {
    if (link.rel.split(/\s+/).includes('apple-touch-icon')) {
      collector.field('logo_url', resolve(link.href), 0.7, 'link', key);
    }
  }
}

/**
 * The company name the page titles suggest: the segment most titles share ("About us | Acme" and
 * "Contact | Acme" → "Acme"); with a single page, the first segment of a home page's title and the last
 * of any other ("Meet the X | Acme Blog" → "Acme Blog").
 */
function titleCompanyName(
  titles: readonly { readonly title: string; readonly page: string }[],
): string | undefined {
  const split = (title: string) =>
    title
      .split(/\s+[|–—-]\s+/)
      .map((part) => part.trim())
      .filter((part) => part !== '');
  if (titles.length === 1) {
    const [only] = titles;
    const segments = split(only?.title ?? '');
    const home = /^(?:home|index|\/|https?:\/\/[^/]+\/?)$/i.test(only?.page ?? '');
    return home ? segments[0] : segments.at(-1);
  }
  const counts = new Map<string, number>();
  for (const { title } of titles) {
    for (const segment of new Set(split(title)))
      counts.set(segment, (counts.get(segment) ?? 0) + 1);
  }
  let best: string | undefined;
  let bestCount = 1;
  for (const [segment, count] of counts) {
    if (count > bestCount) {
      best = segment;
      bestCount = count;
    }
  }
  return best;
}

function logoFromImages(
  collector: Collector,
  page: ParsedPage,
  key: string,
  resolve: (href: string) => string | undefined,
): void {
  for (const image of page.images) {
    if (/logo/i.test(`${image.classAndId} ${image.alt} ${image.src}`)) {
      const confidence = /logo/i.test(image.classAndId) ? 0.85 : 0.75;
      collector.field('logo_url', resolve(image.src), confidence, 'img', key);
    }
  }
}

/** JSON-LD values → their objects: arrays spread, `@graph` expanded, nested graphs too. */
function flattenJsonLd(values: readonly unknown[]): Record<string, unknown>[] {
  const objects: Record<string, unknown>[] = [];
  const visit = (value: unknown, depth: number) => {
    if (depth > 4) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
    } else if (isRecord(value)) {
      if (Array.isArray(value['@graph'])) visit(value['@graph'], depth + 1);
      else objects.push(value);
    }
  };
  for (const value of values) visit(value, 0);
  return objects;
}

function typesOf(object: Record<string, unknown>): string[] {
  return list(object['@type'])
    .filter((type): type is string => typeof type === 'string')
    .map((type) => type.replace(/^https?:\/\/schema\.org\//, ''));
}

function postalAddress(
  value: unknown,
): Omit<ExtractedAddress, 'confidence' | 'sources'> | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : { text: value.trim() };
  if (!isRecord(value)) return undefined;
  const street = text(value.streetAddress);
  const locality = text(value.addressLocality);
  const region = text(value.addressRegion);
  const postal = text(value.postalCode);
  const country = isRecord(value.addressCountry)
    ? text(value.addressCountry.name)
    : text(value.addressCountry);
  const joined = [street, locality, region, postal, country].filter(Boolean).join(', ');
  if (joined === '') return undefined;
  return {
    text: joined,
    ...(street === undefined ? {} : { street_address: street }),
    ...(locality === undefined ? {} : { locality }),
    ...(region === undefined ? {} : { region }),
    ...(postal === undefined ? {} : { postal_code: postal }),
    ...(country === undefined ? {} : { country }),
  };
}

function employeesOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value;
  if (isRecord(value)) {
    if (value.value !== undefined) return employeesOf(value.value);
    if (value.minValue !== undefined && value.maxValue !== undefined) {
      return `${String(value.minValue)}-${String(value.maxValue)}`;
    }
  }
  return undefined;
}

function imageUrl(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return imageUrl(value[0]);
  if (isRecord(value)) return text(value.url) ?? text(value.contentUrl);
  return undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const trimmed = value.replace(/\s+/g, ' ').trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function absoluteOrUndefined(value: string): string | undefined {
  return /^https?:\/\//i.test(value) ? value : undefined;
}

function resolveUrl(href: string, base: string | undefined): string | undefined {
  if (href === '') return undefined;
  try {
    const url = base === undefined ? new URL(href) : new URL(href, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function siteDomain(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined) return undefined;
  try {
    return new URL(baseUrl).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

function domainOf(email: string): string | undefined {
  return email.split('@')[1];
}

function isOwnDomain(domain: string, site: string): boolean {
  return domain === site || domain.endsWith(`.${site}`) || site.endsWith(`.${domain}`);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
