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

/** Options of {@link openaiTools.imageGeneration}. */
export interface OpenAIImageGenerationOptions {
  /** `1024x1024`, `1024x1536`, `1536x1024` or `auto`. */
  readonly size?: string;
  /** `low`, `medium`, `high` or `auto`. */
  readonly quality?: 'low' | 'medium' | 'high' | 'auto';
  readonly background?: 'transparent' | 'opaque' | 'auto';
  readonly outputFormat?: 'png' | 'jpeg' | 'webp';
  /** How many partial images to stream before the final one (0 to 3). */
  readonly partialImages?: number;
  /** The image model (default: the API's, `gpt-image-1`). */
  readonly model?: string;
}

const IMAGE_TOOL_KEYS: Readonly<Record<string, string>> = Object.freeze({
  size: 'size',
  quality: 'quality',
  background: 'background',
  outputFormat: 'output_format',
  partialImages: 'partial_images',
  model: 'model',
});

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

  /**
   * OpenAI's image generation tool (`{ type: 'image_generation' }`), Responses API only: the images
   * come back in the response's `images` (with their `id` and `revisedPrompt`), partial images as
   * `media` stream events (`partial: true`) when `partialImages` is set.
   */
  imageGeneration(options: OpenAIImageGenerationOptions = {}): ProviderTool {
    if (options === null || typeof options !== 'object') {
      throw new ValidationError('options', 'must be an object');
    }
    const wire: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(options)) {
      const name = IMAGE_TOOL_KEYS[key];
      if (name === undefined) {
        throw new ValidationError(
          `options.${key}`,
          `is not an option (known: ${Object.keys(IMAGE_TOOL_KEYS).join(', ')})`,
        );
      }
      if (value === undefined) continue;
      const integer = key === 'partialImages';
      if (
        integer
          ? !Number.isInteger(value) || (value as number) < 0 || (value as number) > 3
          : typeof value !== 'string'
      ) {
        throw new ValidationError(
          `options.${key}`,
          integer ? 'must be an integer from 0 to 3' : 'must be a string',
        );
      }
      wire[name] = value;
    }
    return { type: 'provider', id: 'openai.image_generation', options: wire };
  },
});

/** The Responses API `tools` entry of a provider tool this package knows, else `undefined`. */
export function openaiProviderToolToWire(
  tool: ProviderTool,
): ({ type: string } & Record<string, unknown>) | undefined {
  if (tool.id === 'openai.web_search') return { ...(tool.options ?? {}), type: 'web_search' };
  if (tool.id === 'openai.image_generation') {
    return { ...(tool.options ?? {}), type: 'image_generation' };
  }
  return undefined;
}
