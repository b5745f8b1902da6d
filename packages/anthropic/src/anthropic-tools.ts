import { type ProviderTool, ValidationError } from '@aigo/ai';

/** The ids of the tools Anthropic runs itself. */
export const ANTHROPIC_PROVIDER_TOOL_IDS = Object.freeze({
  webSearch: 'anthropic.web_search',
  webFetch: 'anthropic.web_fetch',
  codeExecution: 'anthropic.code_execution',
} as const);

/** Where the user is, to localise web search results. */
export interface AnthropicUserLocation {
  readonly city?: string;
  readonly region?: string;
  /** ISO 3166-1 alpha-2 (`US`). */
  readonly country?: string;
  /** IANA time zone (`America/New_York`). */
  readonly timezone?: string;
}

/** Options of {@link anthropicTools.webSearch}. */
export interface AnthropicWebSearchOptions {
  /** The most searches in one answer (`max_uses`). */
  readonly maxUses?: number;
  /** Search only these domains (`allowed_domains`). */
  readonly allowedDomains?: readonly string[];
  /** Never search these domains (`blocked_domains`). */
  readonly blockedDomains?: readonly string[];
  readonly userLocation?: AnthropicUserLocation;
  /** The tool version (`type`). Default `web_search_20250305`. */
  readonly version?: string;
}

/** Options of {@link anthropicTools.webFetch}. */
export interface AnthropicWebFetchOptions {
  readonly maxUses?: number;
  readonly allowedDomains?: readonly string[];
  readonly blockedDomains?: readonly string[];
  /** Let the answer cite the fetched documents (`citations.enabled`). */
  readonly citations?: boolean;
  /** The most tokens of one fetched page (`max_content_tokens`). */
  readonly maxContentTokens?: number;
  /** The tool version (`type`). Default `web_fetch_20250910`. */
  readonly version?: string;
}

/** Options of {@link anthropicTools.codeExecution}. */
export interface AnthropicCodeExecutionOptions {
  /** The tool version (`type`). Default `code_execution_20250825`. */
  readonly version?: string;
}

const DEFAULT_VERSIONS = Object.freeze({
  'anthropic.web_search': 'web_search_20250305',
  'anthropic.web_fetch': 'web_fetch_20250910',
  'anthropic.code_execution': 'code_execution_20250825',
} as const);

const WIRE_NAMES = Object.freeze({
  'anthropic.web_search': 'web_search',
  'anthropic.web_fetch': 'web_fetch',
  'anthropic.code_execution': 'code_execution',
} as const);

function checkObject(options: unknown): asserts options is { readonly [key: string]: unknown } {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new ValidationError('options', 'must be an object');
  }
}

function positiveInteger(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new ValidationError(where, 'must be a positive integer');
  }
  return value;
}

function domains(value: unknown, where: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || item === '')) {
    throw new ValidationError(where, 'must be an array of domain names');
  }
  return [...(value as string[])];
}

function version(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^[a-z_]+_\d{8}$/.test(value)) {
    throw new ValidationError(
      'options.version',
      'must be a tool version such as "web_search_20250305"',
    );
  }
  return value;
}

function tool(id: keyof typeof DEFAULT_VERSIONS, wire: Record<string, unknown>): ProviderTool {
  return Object.freeze({ type: 'provider', id, options: Object.freeze(wire) });
}

/**
 * The tools Anthropic runs on its side, as provider-tool values for `ChatRequest.tools` beside
 * function tools. Their calls and results come back in the answer: web search and web fetch as
 * `grounding` (queries, sources, the cited spans of the text), code execution as
 * `codeExecutions`. Another provider given one of these rejects it with an error naming the tool.
 *
 * ```ts
 * await provider.sendMessage({ model, messages, tools: [anthropicTools.webSearch({ maxUses: 3 })] });
 * ```
 */
export const anthropicTools = Object.freeze({
  /** Web search (`web_search_20250305`). */
  webSearch(options: AnthropicWebSearchOptions = {}): ProviderTool {
    checkObject(options);
    const wire: Record<string, unknown> = {};
    const maxUses = positiveInteger(options.maxUses, 'options.maxUses');
    if (maxUses !== undefined) wire.max_uses = maxUses;
    const allowed = domains(options.allowedDomains, 'options.allowedDomains');
    if (allowed !== undefined) wire.allowed_domains = allowed;
    const blocked = domains(options.blockedDomains, 'options.blockedDomains');
    if (blocked !== undefined) wire.blocked_domains = blocked;
    if (options.userLocation !== undefined) {
      checkLocation(options.userLocation);
      wire.user_location = { type: 'approximate', ...options.userLocation };
    }
    const type = version(options.version);
    if (type !== undefined) wire.type = type;
    return tool(ANTHROPIC_PROVIDER_TOOL_IDS.webSearch, wire);
  },
  /** Web fetch (`web_fetch_20250910`): the model reads the pages it names. */
  webFetch(options: AnthropicWebFetchOptions = {}): ProviderTool {
    checkObject(options);
    const wire: Record<string, unknown> = {};
    const maxUses = positiveInteger(options.maxUses, 'options.maxUses');
    if (maxUses !== undefined) wire.max_uses = maxUses;
    const allowed = domains(options.allowedDomains, 'options.allowedDomains');
    if (allowed !== undefined) wire.allowed_domains = allowed;
    const blocked = domains(options.blockedDomains, 'options.blockedDomains');
    if (blocked !== undefined) wire.blocked_domains = blocked;
    if (options.citations !== undefined) {
      if (typeof options.citations !== 'boolean') {
        throw new ValidationError('options.citations', 'must be a boolean');
      }
      wire.citations = { enabled: options.citations };
    }
    const maxContent = positiveInteger(options.maxContentTokens, 'options.maxContentTokens');
    if (maxContent !== undefined) wire.max_content_tokens = maxContent;
    const type = version(options.version);
    if (type !== undefined) wire.type = type;
    return tool(ANTHROPIC_PROVIDER_TOOL_IDS.webFetch, wire);
  },
  /** Code execution in Anthropic's sandbox (`code_execution_20250825`: bash and file editing). */
  codeExecution(options: AnthropicCodeExecutionOptions = {}): ProviderTool {
    checkObject(options);
    const wire: Record<string, unknown> = {};
    const type = version(options.version);
    if (type !== undefined) wire.type = type;
    return tool(ANTHROPIC_PROVIDER_TOOL_IDS.codeExecution, wire);
  },
});

function checkLocation(location: unknown): void {
  if (location === null || typeof location !== 'object' || Array.isArray(location)) {
    throw new ValidationError('options.userLocation', 'must be an object');
  }
  for (const [key, value] of Object.entries(location)) {
    if (!['city', 'region', 'country', 'timezone'].includes(key)) {
      throw new ValidationError(`options.userLocation.${key}`, 'is not a location field');
    }
    if (typeof value !== 'string') {
      throw new ValidationError(`options.userLocation.${key}`, 'must be a string');
    }
  }
}

/** The `tools` entry of a provider tool this package knows, else `undefined`. */
export function anthropicProviderToolToWire(
  tool: ProviderTool,
): ({ type: string; name: string } & Record<string, unknown>) | undefined {
  const id = tool.id as keyof typeof DEFAULT_VERSIONS;
  const type = DEFAULT_VERSIONS[id];
  if (type === undefined) return undefined;
  return { type, ...(tool.options ?? {}), name: WIRE_NAMES[id] };
}
