import type { ModelCost, ModelCosts, PriceSource, Provider } from '@aigo/ai';
import { resolveModelCost } from '../cost/resolve-model-cost.js';
import { validateModelCost } from '../cost/validate-cost.js';

/** The price of one call and where it came from. */
export interface CallPrice {
  readonly cost: ModelCost;
  readonly source: PriceSource;
}

/** The provider an overview asks for the prices the application did not give. */
export type PriceProvider = Pick<Provider, 'id' | 'modelCost'>;

const APPLICATION: PriceSource = Object.freeze({ source: 'application' });

/**
 * Finds the price of a call: the application's (`modelCost`, by the requested model's name, then
 * the answering model's), else the provider's list price (`provider.modelCost`, by the answering
 * model's name — the dated one the API reports, which says what actually ran — then the requested
 * one), else none. A provider that throws or returns a malformed price is treated as knowing none.
 */
export class CallPricer {
  readonly #modelCost: ModelCosts | undefined;
  readonly #provider: PriceProvider | undefined;
  readonly #checked = new WeakMap<ModelCost, PriceSource | null>();

  constructor(modelCost: ModelCosts | undefined, provider: PriceProvider | undefined) {
    this.#modelCost = modelCost;
    this.#provider = provider;
  }

  /**
   * The price of a call of `requested` that `answered` answered (the two may be the same). A routed
   * call (a fallback's entry) passes its `key` (`openai:gpt-4o`): the application's price under
   * that name comes first.
   */
  price(requested: string, answered: string, key?: string): CallPrice | undefined {
    const own =
      (key === undefined ? undefined : resolveModelCost(this.#modelCost, key)) ??
      resolveModelCost(this.#modelCost, requested) ??
      (answered === requested ? undefined : resolveModelCost(this.#modelCost, answered));
    if (own !== undefined) return { cost: own, source: APPLICATION };
    const provider = this.#provider;
    if (provider?.modelCost === undefined) return undefined;
    for (const name of answered === requested ? [answered] : [answered, requested]) {
      if (name === '') continue;
      const listed = this.#listed(provider, name);
      if (listed !== undefined) return listed;
    }
    return undefined;
  }

  #listed(provider: PriceProvider, model: string): CallPrice | undefined {
    let cost: ModelCost | undefined;
    try {
      cost = provider.modelCost?.(model);
    } catch {
      return undefined;
    }
    if (cost === undefined || cost === null || typeof cost !== 'object') return undefined;
    let source = this.#checked.get(cost);
    if (source === undefined) {
      source = checkedSource(provider, cost);
      this.#checked.set(cost, source);
    }
    return source === null ? undefined : { cost, source };
  }
}

/** The source of a provider's price, or `null` when the price is malformed. */
function checkedSource(provider: PriceProvider, cost: ModelCost): PriceSource | null {
  try {
    validateModelCost(cost, 'provider.modelCost()');
  } catch {
    return null;
  }
  const origin = cost.origin;
  if (
    origin === undefined ||
    origin === null ||
    typeof origin.provider !== 'string' ||
    typeof origin.date !== 'string' ||
    typeof origin.model !== 'string'
  ) {
    const id = typeof provider.id === 'string' && provider.id !== '' ? provider.id : 'provider';
    return Object.freeze({ source: 'provider', provider: id });
  }
  return Object.freeze({
    source: 'provider',
    provider: origin.provider,
    date: origin.date,
    model: origin.model,
  });
}

/** A key that is equal for equal sources. */
export function sourceKey(source: PriceSource): string {
  return source.source === 'application'
    ? 'application'
    : `provider\u0000${source.provider}\u0000${source.date ?? ''}\u0000${source.model ?? ''}`;
}
