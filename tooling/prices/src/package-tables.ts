/** A price list a package ships, with a base URL of that provider's API to test it against. */
export interface ListedProvider {
  /** The database's id of the provider. */
  readonly id: string;
  /** The base URL a client of that API uses (it must match the provider's `api_pattern`). */
  readonly exampleBaseURL: string;
}

/** The price table one package ships. */
export interface PackageTable {
  /** The package, as `@aigo/<name>`. */
  readonly packageName: string;
  /** The generated file, relative to the repository root. */
  readonly file: string;
  /** The name of the exported constant. */
  readonly exportName: string;
  /** The name of the exported union type of the list ids. */
  readonly idTypeName: string;
  /** The lists, in the order a base URL is tried against them. */
  readonly lists: readonly ListedProvider[];
}

/**
 * What each provider package prices. `@aigo/openai` serves OpenAI and every OpenAI-compatible server,
 * so it carries the lists of the providers that offer an OpenAI-compatible Chat Completions API
 * (picked by base URL; any other server gets no price). `@aigo/gemini` carries Google's,
 * `@aigo/anthropic` Anthropic's.
 */
export const PACKAGE_TABLES: readonly PackageTable[] = [
  {
    packageName: '@aigo/openai',
    file: 'packages/openai/src/prices/openai-prices.generated.ts',
    exportName: 'OPENAI_PRICE_DATA',
    idTypeName: 'OpenAIPriceListId',
    lists: [
      { id: 'openai', exampleBaseURL: 'https://api.openai.com/v1' },
      { id: 'azure', exampleBaseURL: 'https://my-resource.openai.azure.com/openai/v1' },
      { id: 'anthropic', exampleBaseURL: 'https://api.anthropic.com/v1' },
      { id: 'google', exampleBaseURL: 'https://generativelanguage.googleapis.com/v1beta/openai' },
      { id: 'deepseek', exampleBaseURL: 'https://api.deepseek.com/v1' },
      { id: 'groq', exampleBaseURL: 'https://api.groq.com/openai/v1' },
      { id: 'openrouter', exampleBaseURL: 'https://openrouter.ai/api/v1' },
      { id: 'x-ai', exampleBaseURL: 'https://api.x.ai/v1' },
      { id: 'mistral', exampleBaseURL: 'https://api.mistral.ai/v1' },
      { id: 'together', exampleBaseURL: 'https://api.together.xyz/v1' },
      { id: 'fireworks', exampleBaseURL: 'https://api.fireworks.ai/inference/v1' },
      { id: 'cerebras', exampleBaseURL: 'https://api.cerebras.ai/v1' },
      { id: 'perplexity', exampleBaseURL: 'https://api.perplexity.ai' },
      { id: 'moonshotai', exampleBaseURL: 'https://api.moonshot.ai/v1' },
      { id: 'novita', exampleBaseURL: 'https://api.novita.ai/v3/openai' },
      { id: 'cohere', exampleBaseURL: 'https://api.cohere.ai/compatibility/v1' },
    ],
  },
  {
    packageName: '@aigo/gemini',
    file: 'packages/gemini/src/prices/gemini-prices.generated.ts',
    exportName: 'GEMINI_PRICE_DATA',
    idTypeName: 'GeminiPriceListId',
    lists: [{ id: 'google', exampleBaseURL: 'https://generativelanguage.googleapis.com/v1beta' }],
  },
  {
    packageName: '@aigo/anthropic',
    file: 'packages/anthropic/src/prices/anthropic-prices.generated.ts',
    exportName: 'ANTHROPIC_PRICE_DATA',
    idTypeName: 'AnthropicPriceListId',
    lists: [{ id: 'anthropic', exampleBaseURL: 'https://api.anthropic.com' }],
  },
];
