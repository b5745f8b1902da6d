import { readFileSync } from 'node:fs';
import { parseToolErrorEnvelope } from '@aigo/ai';
import { loadPageFixture } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../src/contact-patterns.js';
import { extractSiteData } from '../src/extract-site-data.js';
import { SITEDATA_METRICS, siteDataExtractorTool } from '../src/site-data-extractor-tool.js';
import { socialProfile } from '../src/social-links.js';

const NAMES = ['home', 'about', 'contact', 'blog', 'legal'] as const;
const BASE = 'https://www.northwind-robotics.example/';
/** home, about and contact are the company pages `@aigo/tools-webfetch` reads too, in `@aigo/testing`. */
const page = (name: string): string =>
  name === 'home' || name === 'about' || name === 'contact'
    ? loadPageFixture(`company-${name}`)
    : readFileSync(new URL(`./fixtures/pages/${name}.html`, import.meta.url), 'utf8');
const golden = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./golden/${name}.json`, import.meta.url), 'utf8'));
const allPages = (): Record<string, string> =>
  Object.fromEntries(NAMES.map((name) => [name, page(name)]));

/** Field by field, so a failure names the field that differs. */
function expectGolden(output: object, name: string): void {
  const expected = golden(name);
  const actual = JSON.parse(JSON.stringify(output)) as Record<string, unknown>;
  expect(Object.keys(actual).sort(), `${name}.json: fields`).toEqual(Object.keys(expected).sort());
  for (const [field, value] of Object.entries(expected)) {
    expect(actual[field], `${name}.json: ${field}`).toEqual(value);
  }
}

describe('siteDataExtractorTool on the company pages (golden JSON)', () => {
  it('extracts the whole site through tool.call', async () => {
    const tool = siteDataExtractorTool();
    const output = JSON.parse(
      await tool.call(
        JSON.stringify({ pages: allPages(), site_structure: { base_url: BASE, urls: [] } }),
      ),
    );
    expectGolden(output, 'site');
  });

  it.each(NAMES)('extracts %s.html on its own', (name) => {
    expectGolden(extractSiteData({ [name]: page(name) }, BASE), name);
  });

  it('gives the same output whatever order the pages come in', () => {
    const forward = extractSiteData(allPages(), BASE);
    const reversed = Object.fromEntries(Object.entries(allPages()).reverse());
    expect(JSON.stringify(extractSiteData(reversed, BASE))).toBe(JSON.stringify(forward));
  });

  it('keeps share buttons and posts out of the social links', () => {
    const { social_links } = extractSiteData(allPages(), BASE);
    const urls = social_links.map((link) => link.url);
    expect(urls.some((url) => /sharer|intent|shareArticle|watch/.test(url))).toBe(false);
    expect(social_links.filter((link) => link.platform === 'twitter')).toEqual([
      {
        platform: 'twitter',
        url: 'https://x.com/northwindbots',
        confidence: 0.95,
        sources: ['contact:link', 'home:json-ld', 'legal:link'],
      },
    ]);
  });

  it('trusts the company domain more than others when a base URL is known', () => {
    const { emails } = extractSiteData(allPages(), BASE);
    const confidence = Object.fromEntries(emails.map((email) => [email.value, email.confidence]));
    expect(confidence['press@northwind-robotics.example']).toBe(0.9);
    expect(confidence['press.northwind@brightpr-agency.example']).toBe(0.7);
  });
});

describe('siteDataExtractorTool', () => {
  it('validates its input', async () => {
    const tool = siteDataExtractorTool();
    expect(parseToolErrorEnvelope(await tool.call('{"pages":{}}'))?.error.code).toBe(
      'invalid_arguments',
    );
    const badBase = parseToolErrorEnvelope(
      await tool.call(JSON.stringify({ pages: { home: '<p>x</p>' }, base_url: 'northwind' })),
    );
    expect(badBase?.error.code).toBe('validation');
    expect(tool.metrics).toEqual(SITEDATA_METRICS);
    expect(tool.name).toBe('SiteDataExtractor');
  });

  it('works without a base URL, reading page keys that are URLs', () => {
    const data = extractSiteData({
      'https://shop.example/contact':
        '<a href="/imprint">Imprint</a><p>Write to hello@shop.example, call +49 30 1234567.</p><img class="logo" src="/l.svg">',
    });
    expect(data.base_url).toBeUndefined();
    expect(data.website).toBeUndefined();
    expect(data.emails).toEqual([
      {
        value: 'hello@shop.example',
        confidence: 0.85,
        sources: ['https://shop.example/contact:text'],
      },
    ]);
    expect(data.phones.map((phone) => phone.value)).toEqual(['+49301234567']);
    expect(data.logo_url?.value).toBe('https://shop.example/l.svg');
  });
});

describe('patterns', () => {
  it.each([
    ['+44 20 7946 0958', '+442079460958'],
    ['0044 (20) 7946-0958', '+442079460958'],
    ['+31 (0)10 123 4567', '+31101234567'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['123', undefined],
  ])('normalizePhone(%s)', (raw, expected) => {
    expect(normalizePhone(raw)).toBe(expected);
  });

  it.each([
    [
      'https://www.facebook.com/northwind/?ref=page',
      'facebook',
      'https://www.facebook.com/northwind',
    ],
    ['https://twitter.com/acme', 'twitter', 'https://x.com/acme'],
    [
      'https://www.linkedin.com/company/acme/about/',
      'linkedin',
      'https://www.linkedin.com/company/acme',
    ],
    [
      'https://www.youtube.com/channel/UC123/videos',
      'youtube',
      'https://www.youtube.com/channel/UC123',
    ],
    ['https://www.facebook.com/sharer/sharer.php?u=x', undefined, undefined],
    ['https://twitter.com/intent/tweet?text=x', undefined, undefined],
    ['https://www.linkedin.com/shareArticle?mini=true', undefined, undefined],
    ['https://www.instagram.com/p/Cx123/', undefined, undefined],
    ['https://www.youtube.com/watch?v=abc', undefined, undefined],
    ['https://example.com/facebook', undefined, undefined],
  ])('socialProfile(%s)', (href, platform, url) => {
    const profile = socialProfile(href);
    expect(profile?.platform).toBe(platform);
    expect(profile?.url).toBe(url);
  });
});
