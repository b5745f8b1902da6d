import type { StreamProvider } from '@aigo/ai';
import { ANTHROPIC_API_KEY_ENV, anthropic } from '@aigo/anthropic';
import { GEMINI_API_KEY_ENV, gemini } from '@aigo/gemini';
import { openai } from '@aigo/openai';

/** The model an example runs on. */
export interface ExampleModel {
  readonly provider: StreamProvider;
  /** The model name to put in requests (or a client's `defaultModel`). */
  readonly model: string;
  /** True when a real API is called. */
  readonly online: boolean;
  /** One line saying which model this is. */
  readonly label: string;
}

/**
 * Every example runs offline by default and online when a key is set:
 *
 * - `OPENAI_API_KEY` → `openai()` (`@aigo/openai`, api.openai.com), model `gpt-4o-mini`;
 * - else `GEMINI_API_KEY` (or `GOOGLE_API_KEY`, `GOOGLE_GENERATIVE_AI_API_KEY`: the names `gemini()`
 *   reads) → `gemini()` (`@aigo/gemini`), model `gemini-2.5-flash`;
 * - else `ANTHROPIC_API_KEY` → `anthropic()` (`@aigo/anthropic`), model `claude-haiku-4-5`;
 * - else the example's own scripted model — `createFakeProvider()` from `@aigo/testing`, which
 *   answers what the script says, with deterministic ids and usage.
 *
 * `AIGO_DEFAULT_LLM_MODEL` picks another model online. The provider is the only thing that changes:
 * the rest of each example is the same code either way.
 */
export function pickModel(offline: () => StreamProvider): ExampleModel {
  const env = process.env;
  if (env.OPENAI_API_KEY) {
    const model = env.AIGO_DEFAULT_LLM_MODEL || 'gpt-4o-mini';
    return {
      provider: openai(),
      model,
      online: true,
      label: `OpenAI ${model} (OPENAI_API_KEY is set)`,
    };
  }
  const geminiKey = geminiKeyVariable(env);
  if (geminiKey !== undefined) {
    const model = env.AIGO_DEFAULT_LLM_MODEL || 'gemini-2.5-flash';
    return {
      provider: gemini(),
      model,
      online: true,
      label: `Gemini ${model} (${geminiKey} is set)`,
    };
  }
  const anthropicKey = ANTHROPIC_API_KEY_ENV.find((name) => (env[name] ?? '').trim() !== '');
  if (anthropicKey !== undefined) {
    const model = env.AIGO_DEFAULT_LLM_MODEL || 'claude-haiku-4-5';
    return {
      provider: anthropic(),
      model,
      online: true,
      label: `Anthropic ${model} (${anthropicKey} is set)`,
    };
  }
  return {
    provider: offline(),
    model: 'offline-model',
    online: false,
    label:
      'OFFLINE, a scripted model (createFakeProvider from @aigo/testing). ' +
      'Set OPENAI_API_KEY, GEMINI_API_KEY or ANTHROPIC_API_KEY to run it on a real one.',
  };
}

/** The first of the variables `gemini()` reads its key from that is set (not blank), if any. */
export function geminiKeyVariable(
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  return GEMINI_API_KEY_ENV.find((name) => (env[name] ?? '').trim() !== '');
}

/** Prints the example's title and which model it runs on. */
export function printHeader(title: string, model: { readonly label: string }): void {
  console.log(`== ${title}`);
  console.log(`   model: ${model.label}`);
  console.log();
}
