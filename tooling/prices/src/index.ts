/**
 * `@aigo/prices` — generates the price tables `@aigo/openai` and `@aigo/gemini` ship, from the
 * `@pydantic/genai-prices` database (`pnpm prices:update`), and checks the committed ones.
 *
 * @packageDocumentation
 */

export {
  DATABASE,
  type DatabaseConstraint,
  type DatabaseMatch,
  type DatabaseModel,
  type DatabasePrice,
  type DatabasePrices,
  type DatabaseProvider,
} from './database.js';
export { encodeMatch, listedNames } from './encode-match.js';
export { encodePeriods, secondsOfUtcDay, unpricedReason } from './encode-prices.js';
export { encodeModel, encodeTable } from './encode-table.js';
export { type ListedProvider, PACKAGE_TABLES, type PackageTable } from './package-tables.js';
export { renderTable } from './render-table.js';
