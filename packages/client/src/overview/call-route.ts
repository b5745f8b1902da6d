import type { PriceProvider } from './call-pricer.js';

/**
 * Which provider and model answered a routed call (a fallback's entry): the overview records the
 * call under `key` and prices it at `provider`'s rates for `model`.
 */
export interface CallRoute {
  /** The name the call is recorded under: `<provider id>:<model>` (`openai:gpt-4o`). */
  readonly key: string;
  /** The model the entry's provider was asked for. */
  readonly model: string;
  /** The entry's provider, whose list prices price the call. */
  readonly provider: PriceProvider;
}
