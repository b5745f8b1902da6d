import type { AddressBook } from './address-book.js';
import type { Collector } from './collect.js';
import {
  findEmails,
  findFaxNumbers,
  findPhones,
  findVatIds,
  normalizePhone,
} from './contact-patterns.js';
import {
  employeesOf,
  flattenJsonLd,
  imageUrl,
  jsonLdKind,
  postalAddress,
  typesOf,
} from './json-ld.js';
import { isRecord, list, text } from './json-values.js';
import type { ParsedPage } from './parse-page.js';
import type { JsonLdEntry } from './site-data.js';
import { absoluteOrUndefined, isOwnEmail, resolveUrl } from './site-urls.js';
import type { SocialLinkSet } from './social-link-set.js';

/** Where the evidence of every page goes, and what is known about the site. */
export interface SiteEvidence {
  readonly collector: Collector;
  readonly addresses: AddressBook;
  readonly social: SocialLinkSet;
  readonly jsonLd: JsonLdEntry[];
  /** The site's URL, when known: relative links of pages without a URL key resolve against it. */
  readonly baseUrl: string | undefined;
  /** The site's domain (see `siteDomain`), for telling its own e-mail addresses from others. */
  readonly site: string | undefined;
}

type Resolve = (href: string) => string | undefined;

/**
 * Adds the evidence of one page, in a fixed order: JSON-LD, meta and Open Graph tags, links
 * (`mailto:`, `tel:`, social profiles), `<address>` elements, patterns in the visible text, logo images.
 *
 * @param key - The page's key in the input (its name, or its URL — then links resolve against it).
 */
export function collectPageEvidence(page: ParsedPage, key: string, into: SiteEvidence): void {
  const pageUrl = absoluteOrUndefined(key) ?? into.baseUrl;
  const resolve: Resolve = (href) => resolveUrl(href, pageUrl);
  jsonLdEvidence(page, key, into, resolve);
  metaFields(into.collector, page, key, resolve);
  linkEvidence(page, key, into, resolve);
  for (const address of page.addresses) {
    into.addresses.add({ text: address }, 0.8, `${key}:address-tag`);
  }
  textEvidence(page, key, into);
  logoFromImages(into.collector, page, key, resolve);
}

function jsonLdEvidence(page: ParsedPage, key: string, into: SiteEvidence, resolve: Resolve): void {
  const { collector } = into;
  for (const object of flattenJsonLd(page.jsonLd)) {
    const types = typesOf(object);
    into.jsonLd.push({ page: key, type: types.join(','), data: object });
    const { isOrganization, isBusiness, isContactPoint } = jsonLdKind(types);
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
      for (const href of list(object.sameAs)) into.social.add(String(href), 0.95, `${key}:json-ld`);
      for (const point of list(object.contactPoint)) {
        if (isRecord(point)) contactFrom(collector, point, key);
      }
      for (const address of list(object.address)) {
        const structured = postalAddress(address);
        if (structured !== undefined) into.addresses.add(structured, 0.95, `${key}:json-ld`);
      }
    }
    if (isOrganization || isBusiness || isContactPoint) contactFrom(collector, object, key);
  }
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

function metaFields(collector: Collector, page: ParsedPage, key: string, resolve: Resolve): void {
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

function linkEvidence(page: ParsedPage, key: string, into: SiteEvidence, resolve: Resolve): void {
  for (const anchor of page.anchors) {
    const href = anchor.href;
    if (/^mailto:/i.test(href)) {
      const email = decodeURIComponent(href.slice(7).split('?')[0] ?? '')
        .trim()
        .toLowerCase();
      if (findEmails(email).length === 1) into.collector.item('emails', email, 0.95, 'mailto', key);
    } else if (/^tel:/i.test(href)) {
      into.collector.item(
        'phones',
        normalizePhone(decodeURIComponent(href.slice(4))),
        0.9,
        'tel',
        key,
      );
    } else {
      const absolute = resolve(href);
      if (absolute !== undefined) into.social.add(absolute, 0.85, `${key}:link`);
    }
  }
}

function textEvidence(page: ParsedPage, key: string, into: SiteEvidence): void {
  const { collector, site } = into;
  const fax = new Set(findFaxNumbers(page.text));
  for (const number of fax) collector.item('fax_numbers', number, 0.8, 'text', key);
  for (const { value, confidence } of findPhones(page.text, fax)) {
    collector.item('phones', value, confidence, 'text', key);
  }
  for (const email of findEmails(page.text)) {
    let confidence = isOwnEmail(email, site) ? 0.9 : site === undefined ? 0.8 : 0.7;
    if (/^(?:info|contact|hello|enquiries|office)@/.test(email)) confidence += 0.05;
    collector.item('emails', email, confidence, 'text', key);
  }
  for (const vat of findVatIds(page.text)) collector.field('vat_id', vat, 0.85, 'text', key);
}

function logoFromImages(
  collector: Collector,
  page: ParsedPage,
  key: string,
  resolve: Resolve,
): void {
  for (const image of page.images) {
    if (/logo/i.test(`${image.classAndId} ${image.alt} ${image.src}`)) {
      const confidence = /logo/i.test(image.classAndId) ? 0.85 : 0.75;
      collector.field('logo_url', resolve(image.src), confidence, 'img', key);
    }
  }
}
