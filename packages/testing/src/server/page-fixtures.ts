import { ValidationError } from '@aigo/ai';
import { loadFixture } from './fixtures.js';

/**
 * The HTML pages in the package's `fixtures/pages/`: three pages of a fictional company site,
 * written by hand for the web tools' tests (see that folder's README).
 */
export const PAGE_FIXTURES = Object.freeze([
  'company-home',
  'company-about',
  'company-contact',
] as const);

/** The name of a page fixture (its file name without `.html`). */
export type PageFixtureName = (typeof PAGE_FIXTURES)[number];

/**
 * A page fixture as UTF-8 text, byte for byte, e.g. `loadPageFixture('company-home')`. Throws a
 * `ValidationError` naming `name` for a page that is not shipped.
 */
export function loadPageFixture(name: PageFixtureName): string {
  if (!(PAGE_FIXTURES as readonly unknown[]).includes(name)) {
    throw new ValidationError('name', `must be one of ${PAGE_FIXTURES.join(', ')}`);
  }
  return loadFixture(`pages/${name}.html`);
}
