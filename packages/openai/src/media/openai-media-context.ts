import type { ModelCost } from '@aigo/ai';
import type { KeyedHttpClient } from '@aigo/http';

/** What the media calls of `openai()` need of their provider. */
export interface OpenAIMediaContext {
  readonly providerId: string;
  /** The base URL, without a trailing slash. */
  readonly baseURL: string;
  readonly http: KeyedHttpClient;
  readonly modelCost: (model: string) => ModelCost | undefined;
}

/** Reads `request.providerOptions.openai` of a media call: extra wire fields, passed as they are. */
export function openAIMediaExtras(
  providerOptions: { readonly [id: string]: { readonly [key: string]: unknown } } | undefined,
  providerId: string,
): Record<string, unknown> {
  const own = providerOptions?.[providerId];
  return own === undefined ? {} : { ...own };
}
