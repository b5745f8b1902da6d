import { ANTHROPIC_API_KEY_ENV } from '@aigo/anthropic';
import { GEMINI_API_KEY_ENV } from '@aigo/gemini';
import { OPENAI_BASE_URL_ENV } from '@aigo/openai';

/** The providers the demo can run on. `fake` is the offline scripted model. */
export const PROVIDER_NAMES = ['openai', 'gemini', 'anthropic', 'fake'] as const;
/** A `--provider` value. */
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** The environment variables the choice reads. */
export interface DemoEnv {
  readonly [name: string]: string | undefined;
}

/** Where the demo's model comes from. */
export type ProviderChoice =
  | { readonly kind: 'openai'; readonly model: string; readonly baseURL?: string }
  | { readonly kind: 'compatible'; readonly model: string; readonly baseURL: string }
  | { readonly kind: 'gemini'; readonly model: string }
  | { readonly kind: 'anthropic'; readonly model: string }
  | { readonly kind: 'offline'; readonly model?: string };

/** The default OpenAI model: cheap, tool calling and strict structured output. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';
/** The default Gemini model: streams its thoughts with `includeThoughts`. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';

/** The default Anthropic model: fast and cheap, with tool calling and thinking. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-haiku-4-5';

/** A choice the flags and environment do not allow; the message says what to set. */
export class ChoiceError extends Error {
  override readonly name = 'ChoiceError';
}

/**
 * Picks the provider from `--provider`, `--model` and the environment:
 *
 * - `--provider fake` → offline; `--provider openai|gemini|anthropic` → that one (its key must be
 *   set, or, for OpenAI, a base URL);
 * - otherwise `OPENAI_API_KEY` → OpenAI (at the base URL when one is set), else a Gemini key →
 *   Gemini, else `ANTHROPIC_API_KEY` → Anthropic, else a base URL → that OpenAI-compatible server
 *   (Ollama, vLLM…), else offline: the scripted model behind a local server.
 *
 * The variables are the ones the providers read, in their order: the base URL from `OPENAI_BASE_URL`,
 * else `OPENAI_API_BASE_URL`; the Gemini key from `GEMINI_API_KEY`, else `GOOGLE_API_KEY`, else
 * `GOOGLE_GENERATIVE_AI_API_KEY`.
 *
 * The model: `--model`, else `AIGO_DEFAULT_LLM_MODEL`, else the provider's default (an
 * OpenAI-compatible server has none: its models are its own).
 *
 * @throws ChoiceError when the flags ask for a provider whose key is missing.
 */
export function chooseProvider(
  flags: { readonly provider?: ProviderName; readonly model?: string },
  env: DemoEnv,
): ProviderChoice {
  const openaiKey = nonEmpty(env.OPENAI_API_KEY);
  const geminiKey = firstSet(env, GEMINI_API_KEY_ENV);
  const anthropicKey = firstSet(env, ANTHROPIC_API_KEY_ENV);
  const baseURLVariable = OPENAI_BASE_URL_ENV.find((name) => nonEmpty(env[name]) !== undefined);
  const baseURL = baseURLVariable === undefined ? undefined : nonEmpty(env[baseURLVariable]);
  const model = nonEmpty(flags.model) ?? nonEmpty(env.AIGO_DEFAULT_LLM_MODEL);

  const provider =
    flags.provider ??
    (openaiKey !== undefined
      ? 'openai'
      : geminiKey !== undefined
        ? 'gemini'
        : anthropicKey !== undefined
          ? 'anthropic'
          : baseURL !== undefined
            ? 'openai'
            : 'fake');

  switch (provider) {
    case 'fake':
      return model === undefined ? { kind: 'offline' } : { kind: 'offline', model };
    case 'gemini':
      if (geminiKey === undefined) {
        throw new ChoiceError(
          '--provider gemini needs GEMINI_API_KEY (or GOOGLE_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY) ' +
            'in the environment.',
        );
      }
      return { kind: 'gemini', model: model ?? DEFAULT_GEMINI_MODEL };
    case 'anthropic':
      if (anthropicKey === undefined) {
        throw new ChoiceError('--provider anthropic needs ANTHROPIC_API_KEY in the environment.');
      }
      return { kind: 'anthropic', model: model ?? DEFAULT_ANTHROPIC_MODEL };
    case 'openai': {
      if (baseURL !== undefined && !isOpenAIHost(baseURL)) {
        if (model === undefined) {
          throw new ChoiceError(
            `${baseURLVariable} points at an OpenAI-compatible server (${baseURL}): pass the model ` +
              'it serves with --model (e.g. --model qwen3 for Ollama), or set AIGO_DEFAULT_LLM_MODEL.',
          );
        }
        return { kind: 'compatible', model, baseURL };
      }
      if (openaiKey === undefined) {
        throw new ChoiceError(
          '--provider openai needs OPENAI_API_KEY (or OPENAI_BASE_URL for a compatible server).',
        );
      }
      return {
        kind: 'openai',
        model: model ?? DEFAULT_OPENAI_MODEL,
        ...(baseURL === undefined ? {} : { baseURL }),
      };
    }
  }
}

function firstSet(env: DemoEnv, names: readonly string[]): string | undefined {
  for (const name of names) {
    const value = nonEmpty(env[name]);
    if (value !== undefined) return value;
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function isOpenAIHost(baseURL: string): boolean {
  try {
    return new URL(baseURL).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}
