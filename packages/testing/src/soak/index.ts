/**
 * `@aigo/testing/soak` — the soak's call kinds, its tool and its text, without the conformance
 * suites (which load vitest): `@aigo/openai`'s soak test and `pnpm bench soak` (whose server process
 * imports this subpath) share them.
 *
 * @packageDocumentation
 */

export { type SlowSoakToolContext, slowSoakTool } from './slow-soak-tool.js';
export {
  type SoakAgent,
  type SoakCallOptions,
  type SoakClient,
  type SoakKind,
  type SoakKindsOptions,
  soakKinds,
} from './soak-kinds.js';
export { between, soakText, soakWord } from './soak-text.js';
