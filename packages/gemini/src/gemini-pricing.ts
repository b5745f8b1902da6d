import type { ModelCost } from '@aigo/ai';

/**
 * Where the prices in {@link geminiPricing} come from, and when they were taken. Prices change: check
 * https://ai.google.dev/gemini-api/docs/pricing before relying on them for billing.
 */
export const GEMINI_PRICING_SOURCE = Object.freeze({
  /** The day the table was transcribed into this package. */
  asOf: '2026-11-22',
  /** The table it was transcribed from. */
  from: 'aigo (Go) v0.4.1 model registry, commit ac66409, citing ai.google.dev/gemini-api/docs/pricing',
  url: 'https://ai.google.dev/gemini-api/docs/pricing',
  currency: 'USD',
});

function price(
  input: number,
  output: number,
  cached: number,
  tier?: { aboveTokens: number; input: number; output: number },
): ModelCost {
  const cost: ModelCost = {
    inputCostPerMillion: input,
    outputCostPerMillion: output,
    cachedInputCostPerMillion: cached,
    // Gemini bills thinking tokens as output.
    reasoningCostPerMillion: output,
    currency: 'USD',
    ...(tier === undefined
      ? {}
      : {
          tiers: Object.freeze([
            Object.freeze({
              aboveTokens: tier.aboveTokens,
              inputCostPerMillion: tier.input,
              outputCostPerMillion: tier.output,
              reasoningCostPerMillion: tier.output,
            }),
          ]),
        }),
  };
  return Object.freeze(cost);
}

const PRO_3 = price(2.0, 12.0, 1.0, { aboveTokens: 200_000, input: 4.0, output: 18.0 });
const PRO_3_IMAGE = price(2.0, 12.0, 1.0);
const FLASH_3 = price(0.5, 3.0, 0.25);
const PRO_25 = price(1.25, 10.0, 0.625, { aboveTokens: 200_000, input: 2.5, output: 15.0 });
const FLASH_25 = price(0.3, 2.5, 0.15);
const FLASH_LITE_25 = price(0.1, 0.4, 0.05);
const FLASH_20 = price(0.1, 0.4, 0.05);
const FLASH_LITE_20 = price(0.075, 0.3, 0.0375);
const PRO_15 = price(1.25, 5.0, 0.3125, { aboveTokens: 128_000, input: 2.5, output: 10.0 });
const FLASH_15 = price(0.075, 0.3, 0.01875, { aboveTokens: 128_000, input: 0.15, output: 0.6 });
const FLASH_8B_15 = price(0.0375, 0.15, 0.009375, {
  aboveTokens: 128_000,
  input: 0.075,
  output: 0.3,
});

/**
 * USD prices per million tokens of the Gemini models the Go original lists, as `@aigo/ai`
 * `ModelCost` values keyed by model id (price-only aliases such as `gemini-2.5-pro-latest`
 * included). Reasoning (thinking) tokens are billed at the output rate; `tiers` hold the long-context
 * rates that apply when a request's prompt exceeds `aboveTokens` (200k for 2.5 Pro and 3 Pro, 128k for
 * 1.5). Per-image output prices (3 Pro Image 0.134, 2.5 Flash Image 0.039 USD) are not expressible
 * in `ModelCost` and are left out. Dated by {@link GEMINI_PRICING_SOURCE}.
 *
 * Pass it to a client (`createClient(gemini(), { modelCost: geminiPricing })`) or look one model up
 * with {@link geminiModelCost}, which also understands versioned names (`gemini-2.0-flash-001`).
 */
export const geminiPricing: { readonly [model: string]: ModelCost } = Object.freeze({
  'gemini-3.1-pro-preview': PRO_3,
  'gemini-3-pro-preview': PRO_3,
  'gemini-3-pro-image-preview': PRO_3_IMAGE,
  'gemini-3-flash-preview': FLASH_3,
  'gemini-2.5-pro': PRO_25,
  'gemini-2.5-pro-latest': PRO_25,
  'gemini-2.5-pro-preview-05-06': PRO_25,
  'gemini-2.5-flash': FLASH_25,
  'gemini-2.5-flash-latest': FLASH_25,
  'gemini-2.5-flash-preview-04-17': FLASH_25,
  'gemini-2.5-flash-image': FLASH_25,
  'gemini-2.5-flash-lite': FLASH_LITE_25,
  'gemini-2.5-flash-lite-latest': FLASH_LITE_25,
  'gemini-2.5-flash-lite-preview-06-17': FLASH_LITE_25,
  'gemini-2.0-flash': FLASH_20,
  'gemini-2.0-flash-latest': FLASH_20,
  'gemini-2.0-flash-exp': FLASH_20,
  'gemini-2.0-flash-lite': FLASH_LITE_20,
  'gemini-1.5-pro': PRO_15,
  'gemini-1.5-pro-latest': PRO_15,
  'gemini-1.5-flash': FLASH_15,
  'gemini-1.5-flash-8b': FLASH_8B_15,
  'gemini-1.5-flash-8b-exp-0924': FLASH_8B_15,
});

/** Version suffixes removed (the first that matches) before a second lookup. */
const VERSION_SUFFIXES = [
  '-001',
  '-002',
  '-003',
  '-exp-0827',
  '-exp-0924',
  '-exp',
  '-preview-04-17',
  '-preview-05-06',
  '-preview-06-17',
];

/**
 * The price of a Gemini model, or `undefined` when the table does not know it — never another
 * model's rates. Accepts `models/…` names and versioned ids (`gemini-2.0-flash-001`,
 * `gemini-1.5-flash-8b-exp-0924`).
 */
export function geminiModelCost(model: string): ModelCost | undefined {
  if (typeof model !== 'string' || model.length === 0) return undefined;
  const name = model.startsWith('models/') ? model.slice('models/'.length) : model;
  const exact = lookup(name);
  if (exact !== undefined) return exact;
  for (const suffix of VERSION_SUFFIXES) {
    if (name.endsWith(suffix)) return lookup(name.slice(0, -suffix.length));
  }
  return undefined;
}

function lookup(name: string): ModelCost | undefined {
  return Object.hasOwn(geminiPricing, name) ? geminiPricing[name] : undefined;
}
