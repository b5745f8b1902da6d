import type { PriceListData, PriceListModel, PriceTableData } from '@aigo/ai';
import { DATABASE, type DatabaseModel, type DatabaseProvider } from './database.js';
import { encodeMatch } from './encode-match.js';
import { encodePeriods } from './encode-prices.js';
import type { PackageTable } from './package-tables.js';

/** A model of the database as one entry of a price list. */
export function encodeModel(model: DatabaseModel): PriceListModel {
  const periods = encodePeriods(model);
  return {
    id: model.id,
    m: encodeMatch(model.match),
    ...(periods === undefined ? {} : { p: periods }),
    ...(model.context_window === undefined ? {} : { cw: model.context_window }),
    ...(model.max_output_tokens === undefined ? {} : { mo: model.max_output_tokens }),
  };
}

/**
 * The price table of one package from the database's providers (`find(id)` returns one).
 *
 * @throws Error when a listed provider (or one it falls back to) is missing from the database, or
 * its example base URL does not match its API pattern.
 */
export function encodeTable(
  table: PackageTable,
  find: (id: string) => DatabaseProvider | undefined,
): PriceTableData {
  const listed = new Set(table.lists.map((list) => list.id));
  const lists: PriceListData[] = table.lists.map(({ id, exampleBaseURL }) => {
    const provider = find(id);
    if (provider === undefined) throw new Error(`${table.packageName}: no provider "${id}"`);
    if (!new RegExp(`^(?:${provider.api_pattern})`).test(exampleBaseURL)) {
      throw new Error(`${table.packageName}: ${exampleBaseURL} does not match ${id}'s API pattern`);
    }
    // A fallback list the package does not carry is left out: its models stay unpriced there.
    const fallback = (provider.fallback_model_providers ?? []).filter((other) => listed.has(other));
    return {
      id: provider.id,
      name: provider.name,
      apiPattern: provider.api_pattern,
      ...(fallback.length === 0 ? {} : { fallback }),
      models: provider.models.map((model) => JSON.stringify(encodeModel(model))),
    };
  });
  return { date: DATABASE.published, source: `${DATABASE.name} ${DATABASE.version}`, lists };
}
