import { type ProviderTool, ValidationError } from '@aigo/ai';

/** Options of {@link openaiTools.webSearch}. */
export interface OpenAIWebSearchOptions {
  /** How much context the search retrieves: `low`, `medium` (OpenAI's default) or `high`. */
  readonly searchContextSize?: 'low' | 'medium' | 'high';
  /** Where the user is, to localise results. */
  readonly userLocation?: {
    readonly country?: string;
    readonly city?: string;
    readonly region?: string;
    readonly timezone?: string;
  };
  /** Search only these domains (`example.com`). */
  readonly allowedDomains?: readonly string[];
}

/**
 * Tools OpenAI runs itself, for the Responses API. Pass them in `request.tools` beside function
 * tools; their results come back as the answer's text and `grounding` (URL citations and queries).
 *
 * ```ts
 * await provider.sendMessage({ model: 'gpt-5-mini', messages, tools: [openaiTools.webSearch()] });
 * ```
 */
export const openaiTools = Object.freeze({
  /** OpenAI's web search (`{ type: 'web_search' }`). Responses API only. */
  webSearch(options: OpenAIWebSearchOptions = {}): ProviderTool {
    if (options === null || typeof options !== 'object') {
      throw new ValidationError('options', 'must be an object');
    }
    const size = options.searchContextSize;
    if (size !== undefined && size !== 'low' && size !== 'medium' && size !== 'high') {
      throw new ValidationError('options.searchContextSize', 'must be "low", "medium" or "high"');
    }
    if (
      options.allowedDomains !== undefined &&
      (!Array.isArray(options.allowedDomains) ||
        options.allowedDomains.some((d) => typeof d !== 'string'))
    ) {
      throw new ValidationError('options.allowedDomains', 'must be an array of strings');
    }
    const wire: Record<string, unknown> = {};
    if (size !== undefined) wire.search_context_size = size;
    if (options.userLocation !== undefined) {
      wire.user_location = { type: 'approximate', ...options.userLocation };
    }
    if (options.allowedDomains !== undefined) {
      wire.filters = { allowed_domains: [...options.allowedDomains] };
    }
    return { type: 'provider', id: 'openai.web_search', options: wire };
  },
});

/** The Responses API `tools` entry of a provider tool this package knows, else `undefined`. */
export function openaiProviderToolToWire(
  tool: ProviderTool,
): ({ type: string } & Record<string, unknown>) | undefined {
  if (tool.id === 'openai.web_search') return { ...(tool.options ?? {}), type: 'web_search' };
  return undefined;
}
