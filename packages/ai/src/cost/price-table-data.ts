/**
 * The data of a generated price table, as provider packages ship it (`*-prices.generated.ts`, written
 * by the repository's price generator from a maintained price database). The shapes are compact on
 * purpose: a list's models are kept as JSON strings, one per model, and parsed when the list is
 * first searched — importing a package costs a few string literals, not a thousand objects.
 */

/**
 * A model-name rule, evaluated on the lower-cased, trimmed name: a string is "equals"; an array is
 * "any of"; the objects test a prefix, a suffix, a substring, a regular expression (tested as
 * written, on the lower-cased name) or "all of".
 */
export type PriceMatch =
  | string
  | readonly PriceMatch[]
  | { readonly starts: string }
  | { readonly ends: string }
  | { readonly contains: string }
  | { readonly regex: string }
  | { readonly all: readonly PriceMatch[] };

/**
 * Rates per million tokens, by position: input, output, cached input, 5-minute cache write, 1-hour
 * cache write, reasoning. `null` (or a shorter array) leaves a rate unset.
 */
export type PriceRates = readonly (number | null)[];

/** One period of a model's prices. */
export interface PricePeriod {
  /** The rates below any tier. */
  readonly r: PriceRates;
  /** Long-context tiers: `[aboveTokens, ...PriceRates]`, the rates for a prompt above that size. */
  readonly t?: readonly (readonly (number | null)[])[];
  /** The period applies from this UTC day on (`YYYY-MM-DD`). */
  readonly since?: string;
  /** The period applies daily between these seconds of the UTC day (`[from, to)`; wraps past 0). */
  readonly hours?: readonly [number, number];
}

/** One model of a price list. */
export interface PriceListModel {
  /** The database's id of the model. */
  readonly id: string;
  /** The names it answers to. */
  readonly m: PriceMatch;
  /**
   * Its price periods, as the database orders them (a later period that applies wins). Absent when
   * the model is listed but not priced in tokens alone (audio or image output, per-request fees):
   * such a model has no `ModelCost`, rather than a wrong one.
   */
  readonly p?: readonly PricePeriod[];
  /** The context window in tokens, where the database has it. */
  readonly cw?: number;
  /** The most output tokens one call may produce, where the database has it. */
  readonly mo?: number;
}

/** One provider's price list. */
export interface PriceListData {
  /** The database's id of the provider (`openai`, `deepseek`, …). */
  readonly id: string;
  /** Its display name. */
  readonly name: string;
  /**
   * A regular expression matched at the start of a base URL: the API addresses this list prices
   * (`https://api\.deepseek\.com`).
   */
  readonly apiPattern: string;
  /** Lists whose models this provider also serves, searched after its own (Azure: OpenAI's, …). */
  readonly fallback?: readonly string[];
  /** The list's models, in the database's order, each a {@link PriceListModel} as JSON. */
  readonly models: readonly string[];
}

/** A generated price table: one or more lists and where and when their data was taken. */
export interface PriceTableData {
  /** The date of the price data, `YYYY-MM-DD`. */
  readonly date: string;
  /** The database it was generated from, with its version (`@pydantic/genai-prices 0.1.8`). */
  readonly source: string;
  readonly lists: readonly PriceListData[];
}
