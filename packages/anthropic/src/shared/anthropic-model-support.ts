/**
 * What a Claude model supports, read from its name (`claude-sonnet-4-5-20250929`,
 * `claude-3-7-sonnet-latest`, `claude-opus-4-1`). Unknown names get the conservative answer: the
 * smallest output limit, thinking with a budget, structured output through a forced tool.
 */

/** A Claude model's family and version, when its name is one the API uses. */
interface ClaudeVersion {
  readonly family: string;
  /** `4.5` for `claude-sonnet-4-5`, `3.7` for `claude-3-7-sonnet`. */
  readonly version: number;
}

const MODERN = /claude-(opus|sonnet|haiku|fable|mythos)-(\d+)(?:[-.](\d)(?!\d))?/;
const LEGACY = /claude-(\d)(?:[-.](\d))?-(opus|sonnet|haiku)/;

/** The family and version of a Claude model name, or `undefined` for another name. */
export function claudeVersion(model: string): ClaudeVersion | undefined {
  const modern = MODERN.exec(model);
  if (modern !== null) {
    return {
      family: modern[1] as string,
      version: Number(modern[2]) + Number(modern[3] ?? 0) / 10,
    };
  }
  const legacy = LEGACY.exec(model);
  if (legacy !== null) {
    return {
      family: legacy[3] as string,
      version: Number(legacy[1]) + Number(legacy[2] ?? 0) / 10,
    };
  }
  return undefined;
}

/** The `max_tokens` sent when a request leaves `maxOutputTokens` unset: the output limit of the model. */
export function defaultMaxTokens(model: string): number {
  const claude = claudeVersion(model);
  if (claude === undefined) return 4096;
  const { family, version } = claude;
  if (version >= 4.6 && family === 'opus') return 128_000;
  if (version >= 4.5) return 64_000;
  if (version >= 4) return family === 'opus' ? 32_000 : 64_000;
  if (version >= 3.7) return 64_000;
  if (version >= 3.5) return 8192;
  return 4096;
}

/**
 * How a model takes extended thinking: `budget` (`{ type: 'enabled', budget_tokens }` only),
 * `both` (also `{ type: 'adaptive' }` with an effort: Claude 4.6) or `adaptive` (only that:
 * Opus 4.7 and Claude 5, which reject a budget).
 */
export function thinkingForms(model: string): 'budget' | 'both' | 'adaptive' {
  const claude = claudeVersion(model);
  if (claude === undefined || claude.version < 4.6) return 'budget';
  if (claude.version >= 5 || (claude.family === 'opus' && claude.version >= 4.7)) return 'adaptive';
  return 'both';
}

/**
 * True when the model takes the API's native JSON-schema output (`output_config.format`): Claude
 * 4.5 and later, and Opus 4.1. Other models get a forced tool instead.
 */
export function supportsNativeStructuredOutput(model: string): boolean {
  const claude = claudeVersion(model);
  if (claude === undefined) return false;
  return claude.version >= 4.5 || (claude.family === 'opus' && claude.version >= 4.1);
}
