/**
 * Cost: prices (`ModelCost`, price tables and lists, the `prices` option of adapters), what a call
 * and a run cost (`computeModelCost`, `CostSummary`), and an adapter's model catalog.
 */

export type {
  AgentCostBreakdown,
  ComputeCost,
  CostSummary,
  ModelCost,
  ModelCostBreakdown,
  ModelCostParts,
  ModelCosts,
  ModelCostTier,
  PriceOrigin,
  PriceSource,
  ToolMetrics,
} from './cost.js';
export {
  addModelCostParts,
  computeModelCost,
  DEFAULT_CURRENCY,
  type ModelCallCost,
  totalOfModelCostParts,
} from './model-call-cost.js';
export {
  type ModelCatalog,
  type ModelCatalogOptions,
  modelCatalog,
} from './model-catalog.js';
export { type PriceListChoice, priceListOption } from './price-list-option.js';
export {
  createPriceTable,
  type ModelLimits,
  type PriceList,
  type PriceTable,
} from './price-table.js';
export type {
  PriceListData,
  PriceListModel,
  PriceMatch,
  PricePeriod,
  PriceRates,
  PriceTableData,
} from './price-table-data.js';
