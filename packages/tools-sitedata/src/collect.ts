import { EvidenceMap } from './evidence-map.js';

/** A single-valued field: the best value seen, how sure it is, where it came from, and the others. */
export interface ExtractedField {
  readonly value: string;
  /** 0–1. */
  readonly confidence: number;
  /** How it was found: `json-ld`, `og:tag`, `meta-tag`, `link`, `img`, `title`, `text`, `input`. */
  readonly source: string;
  /** The page it came from (its key in `pages`). */
  readonly page: string;
  /** Other values seen for the field, sorted. */
  readonly candidates: string[];
}

/** One item of a list field (e-mails, phones): every page and method it was seen with. */
export interface ExtractedItem {
  readonly value: string;
  readonly confidence: number;
  /** `page:method` pairs, sorted (`contact:mailto`, `home:json-ld`). */
  readonly sources: string[];
}

/**
 * Collects evidence deterministically: a single field keeps the value with the highest confidence
 * (the first seen on a tie, and pages are read in sorted order), a list keeps every value with its
 * highest confidence and all its sources.
 */
export class Collector {
  readonly #fields = new Map<
    string,
    { best: Omit<ExtractedField, 'candidates'>; values: Set<string> }
  >();
  readonly #lists = new Map<string, EvidenceMap<string>>();

  field(
    name: string,
    value: string | undefined,
    confidence: number,
    source: string,
    page: string,
  ): void {
    const clean = value?.replace(/\s+/g, ' ').trim();
    if (clean === undefined || clean === '') return;
    const entry = this.#fields.get(name);
    if (entry === undefined) {
      this.#fields.set(name, {
        best: { value: clean, confidence, source, page },
        values: new Set([clean]),
      });
      return;
    }
    entry.values.add(clean);
    if (confidence > entry.best.confidence) entry.best = { value: clean, confidence, source, page };
  }

  item(
    list: string,
    value: string | undefined,
    confidence: number,
    source: string,
    page: string,
  ): void {
    if (value === undefined || value === '') return;
    let items = this.#lists.get(list);
    if (items === undefined) {
      items = new EvidenceMap();
      this.#lists.set(list, items);
    }
    items.add(value, value, round(confidence), `${page}:${source}`);
  }

  has(list: string, value: string): boolean {
    return this.#lists.get(list)?.has(value) ?? false;
  }

  getField(name: string): ExtractedField | undefined {
    const entry = this.#fields.get(name);
    if (entry === undefined) return undefined;
    const candidates = [...entry.values].filter((value) => value !== entry.best.value).sort();
    return { ...entry.best, confidence: round(entry.best.confidence), candidates };
  }

  /** Highest confidence first, then alphabetical. */
  getList(list: string): ExtractedItem[] {
    const items = this.#lists.get(list);
    if (items === undefined) return [];
    return items
      .entries()
      .map(({ value, confidence, sources }) => ({
        value,
        confidence,
        sources: [...sources].sort(),
      }))
      .sort((a, b) => b.confidence - a.confidence || compareText(a.value, b.value));
  }
}

/** Rounds to 3 decimals, so sums of bonuses stay readable and stable. */
export function round(value: number): number {
  return Math.round(Math.min(Math.max(value, 0), 1) * 1000) / 1000;
}

/** Code-unit order of two strings (locale-independent, so the output is the same everywhere). */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
