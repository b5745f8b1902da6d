import { AddressBook } from './address-book.js';
import { Collector, type ExtractedField } from './collect.js';
import { collectPageEvidence, type SiteEvidence } from './page-evidence.js';
import { parsePage } from './parse-page.js';
import { scoreSiteData } from './score-site-data.js';
import { SITE_DATA_FIELDS, type SiteData, type SiteDataField } from './site-data.js';
import { siteDomain } from './site-urls.js';
import { SocialLinkSet } from './social-link-set.js';
import { type PageTitle, titleCompanyName } from './title-company-name.js';

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
  const evidence: SiteEvidence = {
    collector: new Collector(),
    addresses: new AddressBook(),
    social: new SocialLinkSet(),
    jsonLd: [],
    baseUrl,
    site: siteDomain(baseUrl),
  };
  const { collector } = evidence;
  const keys = Object.keys(pages)
    .filter((key) => typeof pages[key] === 'string' && (pages[key] as string).trim() !== '')
    .sort();
  if (baseUrl !== undefined) collector.field('website', baseUrl, 1, 'input', '');

  const titles: PageTitle[] = [];
  for (const key of keys) {
    const page = parsePage(pages[key] as string);
    if (page.title !== '') titles.push({ title: page.title, page: key });
    collectPageEvidence(page, key, evidence);
  }

  // The page titles name the company only when nothing better did: the segment most titles share.
  if (collector.getField('company_name') === undefined) {
    const name = titleCompanyName(titles);
    const page =
      titles.find((entry) => name !== undefined && entry.title.includes(name))?.page ?? '';
    collector.field('company_name', name, 0.5, 'title', page);
  }

  const fields: { [K in SiteDataField]?: ExtractedField } = {};
  for (const name of SITE_DATA_FIELDS) {
    const field = collector.getField(name);
    if (field !== undefined) fields[name] = field;
  }
  const emails = collector.getList('emails');
  const phones = collector.getList('phones');
  const faxNumbers = collector.getList('fax_numbers');
  const addresses = evidence.addresses.list();
  const socialLinks = evidence.social.list();
  return {
    ...(baseUrl === undefined ? {} : { base_url: baseUrl }),
    ...fields,
    emails,
    phones,
    fax_numbers: faxNumbers,
    addresses,
    social_links: socialLinks,
    json_ld: evidence.jsonLd,
    pages_used: keys,
    ...scoreSiteData({
      fields,
      email: emails[0]?.confidence,
      phone: phones[0]?.confidence,
      address: addresses[0]?.confidence,
      fax: faxNumbers[0]?.confidence,
      social: socialLinks[0]?.confidence,
    }),
  };
}
