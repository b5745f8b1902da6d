import { describe, expect, it } from 'vitest';
import { categorizePages } from './categorize-pages.js';
import { extractPageLinks } from './extract-page-links.js';
import { normalizeUrl, sameSite, startingUrl } from './normalize-url.js';
import { parseSitemap } from './parse-sitemap.js';
import { parseRobotsTxt } from './robots-txt.js';

describe('parseRobotsTxt', () => {
  const robots = [
    'Sitemap: https://example.com/sitemap-a.xml',
    'User-agent: *',
    'Disallow: /private/',
    'Allow: /private/open',
    'Disallow: /*.json$',
    'Disallow: /search?',
    'Crawl-delay: 2',
    '',
    'User-agent: aigo-urlextractor-tool',
    'User-agent: OtherBot',
    'Disallow: /only-for-us/',
    'Crawl-delay: 0.5',
    'Sitemap: https://example.com/sitemap-b.xml',
    '',
    'User-agent: EvilBot',
    'Disallow: /',
  ].join('\n');

  it('uses the group naming our product token, not the * group', () => {
    const rules = parseRobotsTxt(robots, 'aigo-urlextractor-tool/1.0');
    expect(rules.isAllowed('/only-for-us/x')).toBe(false);
    expect(rules.isAllowed('/private/x')).toBe(true);
    expect(rules.crawlDelayMs).toBe(500);
    expect(rules.sitemaps).toEqual([
      'https://example.com/sitemap-a.xml',
      'https://example.com/sitemap-b.xml',
    ]);
  });

  it('falls back to *, with longest-match, Allow on ties, * and $', () => {
    const rules = parseRobotsTxt(robots, 'SomeCrawler/2.0');
    expect(rules.isAllowed('/private/secret')).toBe(false);
    expect(rules.isAllowed('/private/open/door')).toBe(true);
    expect(rules.isAllowed('/api/data.json')).toBe(false);
    expect(rules.isAllowed('/api/data.json?x=1')).toBe(true);
    expect(rules.isAllowed('/search?q=1')).toBe(false);
    expect(rules.isAllowed('/search')).toBe(true);
    expect(rules.crawlDelayMs).toBe(2000);
    expect(parseRobotsTxt('User-agent: *\nDisallow: /a\nAllow: /a', 'x').isAllowed('/a')).toBe(
      true,
    );
    expect(parseRobotsTxt('User-agent: *\nDisallow:', 'x').isAllowed('/anything')).toBe(true);
    expect(parseRobotsTxt(robots, 'EvilBot/1').isAllowed('/')).toBe(false);
  });
});

describe('parseSitemap', () => {
  it('reads urlsets and indexes, decoding entities and CDATA, ignoring namespaced extras', () => {
    expect(
      parseSitemap(
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> https://a.example/?x=1&amp;y=2 </loc><image:image><image:loc>https://a.example/i.png</image:loc></image:image></url><url><loc><![CDATA[https://a.example/b]]></loc></url></urlset>',
      ),
    ).toEqual({ kind: 'urlset', locs: ['https://a.example/?x=1&y=2', 'https://a.example/b'] });
    expect(
      parseSitemap(
        '<?xml version="1.0"?><sitemapindex><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>',
      ),
    ).toEqual({ kind: 'sitemapindex', locs: ['https://a.example/s1.xml'] });
    expect(parseSitemap('<html><body><loc>x</loc></body></html>')).toEqual({
      kind: 'unknown',
      locs: [],
    });
  });
});

describe('URL helpers', () => {
  it('normalise, compare sites and read what a model typed', () => {
    expect(normalizeUrl('HTTP://Example.COM:80/a?#frag')).toBe('http://example.com/a');
    expect(normalizeUrl('https://user:pw@example.com/')).toBeUndefined();
    expect(normalizeUrl('mailto:a@b.c')).toBeUndefined();
    expect(sameSite('https://www.example.com/a', 'http://example.com:8080/b')).toBe(true);
    expect(sameSite('https://shop.example.com/', 'https://example.com/')).toBe(false);
    expect(startingUrl('  example.com/about ')).toBe('https://example.com/about');
    expect(startingUrl('ftp://example.com')).toBeUndefined();
  });

  it('extract page links with <base href>, skipping non-page schemes', () => {
    const html =
      '<base href="https://example.com/docs/"><a href="a.html#x">a</a><a href="/b">b</a><a href="#top">t</a><a href="mailto:x@y.z">m</a><link rel="canonical" href="https://example.com/docs/"><link rel="stylesheet" href="s.css"><area href="../c">';
    expect(extractPageLinks(html, 'https://example.com/other/page')).toEqual([
      'https://example.com/docs/a.html',
      'https://example.com/b',
      'https://example.com/docs/',
      'https://example.com/c',
    ]);
  });
});

describe('categorizePages', () => {
  it('matches segments in several languages, the root and language prefixes exactly', () => {
    const pages = categorizePages([
      'https://e.example/',
      'https://e.example/en',
      'https://e.example/en/contact',
      'https://e.example/contatti.html',
      'https://e.example/contacto',
      'https://e.example/kontakt/formular',
      'https://e.example/chi-siamo/',
      'https://e.example/en/blog',
      'https://e.example/Warenkorb',
      'https://e.example/impressum.php',
      'https://e.example/entries',
    ]);
    expect(pages).toEqual({
      home: ['https://e.example/', 'https://e.example/en'],
      about: ['https://e.example/chi-siamo/'],
      contact: [
        'https://e.example/en/contact',
        'https://e.example/contatti.html',
        'https://e.example/contacto',
        'https://e.example/kontakt/formular',
      ],
      blog: ['https://e.example/en/blog'],
      privacy: ['https://e.example/impressum.php'],
      cart: ['https://e.example/Warenkorb'],
    });
  });
});
