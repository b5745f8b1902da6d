/**
 * The parts of the price database (`@pydantic/genai-prices`) the generator reads, typed structurally
 * so that the generator's code does not import the database: only `bin/update-prices.mjs` and the
 * tests do.
 */

/** A model-name rule of the database. */
export type DatabaseMatch =
  | { readonly equals: string }
  | { readonly starts_with: string }
  | { readonly ends_with: string }
  | { readonly contains: string }
  | { readonly regex: string }
  | { readonly or: readonly DatabaseMatch[] }
  | { readonly and: readonly DatabaseMatch[] };

/** A price: a number per unit, or a base with tiers by prompt size (`start` exclusive). */
export type DatabasePrice =
  | number
  | {
      readonly base: number;
      readonly tiers: readonly { readonly start: number; readonly price: number }[];
    };

/** The prices of one model (or one period of them), by price key (`input_mtok`, …). */
export type DatabasePrices = { readonly [key: string]: DatabasePrice | undefined };

/** A condition on a period of prices. */
export type DatabaseConstraint =
  | { readonly type: 'start_date'; readonly start_date: string }
  | { readonly type: 'time_of_date'; readonly start_time: string; readonly end_time: string };

/** A model of the database. */
export interface DatabaseModel {
  readonly id: string;
  readonly match: DatabaseMatch;
  readonly context_window?: number;
  readonly max_output_tokens?: number;
  readonly prices:
    | DatabasePrices
    | readonly { readonly constraint?: DatabaseConstraint; readonly prices: DatabasePrices }[];
}

/** A provider of the database. */
export interface DatabaseProvider {
  readonly id: string;
  readonly name: string;
  readonly api_pattern: string;
  readonly fallback_model_providers?: readonly string[];
  readonly models: readonly DatabaseModel[];
}

/** The database the tables are generated from, and the date its data was published. */
export const DATABASE = Object.freeze({
  name: '@pydantic/genai-prices',
  /** The version the tables were generated from (`package.json` pins it). */
  version: '0.1.8',
  /** The day that version was published to npm: the date of its data. */
  published: '2026-09-23',
});
