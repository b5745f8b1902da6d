import { compareText, round } from './collect.js';
import type { ExtractedAddress, FoundAddress } from './site-data.js';

interface Entry {
  readonly address: FoundAddress;
  confidence: number;
  readonly sources: Set<string>;
}

/**
 * The addresses of a site, each once: an `<address>` text that contains a known structured address's
 * street and postcode is that address; otherwise addresses are the same when their letters and digits
 * are. Each keeps its highest confidence and every source.
 */
export class AddressBook {
  readonly #entries = new Map<string, Entry>();

  add(address: FoundAddress, confidence: number, source: string): void {
    for (const entry of this.#entries.values()) {
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
    const entry = this.#entries.get(key);
    if (entry === undefined)
      this.#entries.set(key, { address, confidence, sources: new Set([source]) });
    else {
      entry.confidence = Math.max(entry.confidence, confidence);
      entry.sources.add(source);
    }
  }

  /** Highest confidence first, then by text; sources sorted. */
  list(): ExtractedAddress[] {
    return [...this.#entries.values()]
      .map(({ address, confidence, sources }) => ({
        ...address,
        confidence: round(confidence),
        sources: [...sources].sort(),
      }))
      .sort((a, b) => b.confidence - a.confidence || compareText(a.text, b.text));
  }
}
