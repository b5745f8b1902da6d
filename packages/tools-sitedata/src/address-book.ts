import { compareText, round } from './collect.js';
import { confirm, EvidenceMap } from './evidence-map.js';
import type { ExtractedAddress, FoundAddress } from './site-data.js';

/**
 * The addresses of a site, each once: an `<address>` text that contains a known structured address's
 * street and postcode is that address; otherwise addresses are the same when their letters and digits
 * are. Each keeps its highest confidence and every source.
 */
export class AddressBook {
  readonly #addresses = new EvidenceMap<FoundAddress>();

  /** Records an address seen at `source` (`page:method`) with this confidence. */
  add(address: FoundAddress, confidence: number, source: string): void {
    const known = this.#addresses.find(
      ({ street_address: street, postal_code: postal }) =>
        street !== undefined &&
        postal !== undefined &&
        address.text.includes(street) &&
        address.text.includes(postal),
    );
    if (known !== undefined) confirm(known, confidence, source);
    else {
      const key = address.text.toLowerCase().replace(/[^a-z0-9]/g, '');
      this.#addresses.add(key, address, confidence, source);
    }
  }

  /** Highest confidence first, then by text; sources sorted. */
  list(): ExtractedAddress[] {
    return this.#addresses
      .entries()
      .map(({ value, confidence, sources }) => ({
        ...value,
        confidence: round(confidence),
        sources: [...sources].sort(),
      }))
      .sort((a, b) => b.confidence - a.confidence || compareText(a.text, b.text));
  }
}
