import { ValidationError } from '../errors/validation-error.js';
import type { ModelCost } from './cost.js';
import { matchesPriceRule, spellOutModelDates } from './price-match.js';
import { periodAt, periodCost } from './price-period.js';
import type {
  PriceListData,
  PriceListModel,
  PricePeriod,
  PriceTableData,
} from './price-table-data.js';

/** What a price list says about a model's size limits, where its database has the figures. */
export interface ModelLimits {
  /** Prompt and completion tokens together. */
  readonly contextWindow?: number;
  /** The most tokens one completion may have. */
  readonly maxOutputTokens?: number;
}

/** One provider's price list, searched by model name. */
export interface PriceList {
  /** The database's id of the provider (`openai`, `deepseek`, …). */
  readonly id: string;
  readonly name: string;
  /** The date of the price data, `YYYY-MM-DD`. */
  readonly date: string;
  /**
   * The list price of `model` at `at` (default: now), with its `origin`, or `undefined` when the
   * list has no entry for the name, or an entry it cannot express as a `ModelCost` (audio or image
   * output, per-request fees). Names are matched as the database matches them: case-insensitively,
   * dated names (`gpt-4o-mini-2024-07-18`, `claude-3-5-sonnet-20241022`) included.
   *
   * @throws ValidationError when `model` is not a string.
   */
  modelCost(model: string, at?: Date): ModelCost | undefined;
  /** The context window and output limit of `model`, where the database has them. */
  modelLimits(model: string): ModelLimits | undefined;
  /** The ids of the list's own models, in the database's order. */
  modelIds(): readonly string[];
  /**
   * The price at `at` (default: now) of the list's own entry `id` — looked up by id, not matched as
   * a name — or `undefined` when the list has no such entry or no price for it.
   */
  listedCost(id: string, at?: Date): ModelCost | undefined;
}

/** A generated price table: its lists, found by id or by the base URL of the API they price. */
export interface PriceTable {
  /** The date of the price data, `YYYY-MM-DD`. */
  readonly date: string;
  /** The database the table was generated from, with its version. */
  readonly source: string;
  /** The ids of the lists, in the table's order. */
  readonly listIds: readonly string[];
  /** The list of a provider id, or `undefined`. */
  list(id: string): PriceList | undefined;
  /**
   * The first list whose API pattern matches the start of `baseURL` (`https://api.deepseek.com/v1` →
   * DeepSeek's), or `undefined` for any other server: a self-hosted or unknown server has no list
   * price.
   */
  listForBaseURL(baseURL: string): PriceList | undefined;
}

interface Found {
  readonly list: string;
  readonly model: PriceListModel;
}

/** Names remembered per list; past this many, the memory starts over (names are few in practice). */
const MEMO_LIMIT = 512;

/**
 * Reads a generated price table. Nothing is parsed until a price is first asked for; each list's
 * models are parsed on the first lookup in it, and each name's entry is remembered.
 *
 * @throws ValidationError when `data` is not a price table.
 */
export function createPriceTable(data: PriceTableData): PriceTable {
  if (data === null || typeof data !== 'object' || !Array.isArray(data.lists)) {
    throw new ValidationError('data', 'must be a generated PriceTableData');
  }
  const sources = new Map<string, PriceListData>(data.lists.map((list) => [list.id, list]));
  const parsed = new Map<string, readonly PriceListModel[]>();
  const regexes = new Map<string, RegExp>();
  const lists = new Map<string, PriceList>();
  const patterns: { readonly id: string; readonly pattern: RegExp }[] = [];

  const modelsOf = (id: string): readonly PriceListModel[] => {
    let models = parsed.get(id);
    if (models === undefined) {
      const source = sources.get(id);
      models =
        source === undefined ? [] : source.models.map((json) => JSON.parse(json) as PriceListModel);
      parsed.set(id, models);
    }
    return models;
  };

  const search = (source: PriceListData, name: string): Found | undefined => {
    for (const id of [source.id, ...(source.fallback ?? [])]) {
      for (const model of modelsOf(id)) {
        if (matchesPriceRule(model.m, name, regexes)) return { list: source.id, model };
      }
    }
    return undefined;
  };

  const makeList = (source: PriceListData): PriceList => {
    const memo = new Map<string, Found | null>();
    const costs = new WeakMap<PricePeriod, ModelCost>();
    const costOf = (found: Found, at: Date): ModelCost | undefined => {
      if (found.model.p === undefined) return undefined;
      const period = periodAt(found.model.p, at);
      if (period === undefined) return undefined;
      let cost = costs.get(period);
      if (cost === undefined) {
        cost = periodCost(period, { provider: found.list, model: found.model.id, date: data.date });
        costs.set(period, cost);
      }
      return cost;
    };
    const find = (model: string): Found | undefined => {
      if (typeof model !== 'string') throw new ValidationError('model', 'must be a string');
      const known = memo.get(model);
      if (known !== undefined) return known ?? undefined;
      const name = model.toLowerCase().trim();
      let found = name === '' ? undefined : search(source, name);
      if (found === undefined) {
        const spelled = spellOutModelDates(name);
        if (spelled !== name) found = search(source, spelled);
      }
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(model, found ?? null);
      return found;
    };
    return Object.freeze({
      id: source.id,
      name: source.name,
      date: data.date,
      modelCost(model: string, at: Date = new Date()): ModelCost | undefined {
        const found = find(model);
        return found === undefined ? undefined : costOf(found, at);
      },
      listedCost(id: string, at: Date = new Date()): ModelCost | undefined {
        if (typeof id !== 'string') throw new ValidationError('id', 'must be a string');
        const model = modelsOf(source.id).find((one) => one.id === id);
        return model === undefined ? undefined : costOf({ list: source.id, model }, at);
      },
      modelLimits(model: string): ModelLimits | undefined {
        const found = find(model);
        if (found === undefined || (found.model.cw === undefined && found.model.mo === undefined)) {
          return undefined;
        }
        return Object.freeze({
          ...(found.model.cw === undefined ? {} : { contextWindow: found.model.cw }),
          ...(found.model.mo === undefined ? {} : { maxOutputTokens: found.model.mo }),
        });
      },
      modelIds: () => modelsOf(source.id).map((model) => model.id),
    });
  };

  const list = (id: string): PriceList | undefined => {
    if (typeof id !== 'string') throw new ValidationError('id', 'must be a string');
    const source = sources.get(id);
    if (source === undefined) return undefined;
    let made = lists.get(id);
    if (made === undefined) {
      made = makeList(source);
      lists.set(id, made);
    }
    return made;
  };

  return Object.freeze({
    date: data.date,
    source: data.source,
    listIds: Object.freeze(data.lists.map((one) => one.id)),
    list,
    listForBaseURL(baseURL: string): PriceList | undefined {
      if (typeof baseURL !== 'string') throw new ValidationError('baseURL', 'must be a string');
      if (patterns.length === 0) {
        for (const one of data.lists) {
          patterns.push({ id: one.id, pattern: new RegExp(`^(?:${one.apiPattern})`) });
        }
      }
      const hit = patterns.find(({ pattern }) => pattern.test(baseURL));
      return hit === undefined ? undefined : list(hit.id);
    },
  });
}
