import { parseArgs } from 'node:util';
import { PROVIDER_NAMES, type ProviderName } from './choose-provider.js';

/** The demo's command-line flags. */
export interface DemoFlags {
  readonly provider?: ProviderName;
  readonly model?: string;
  readonly prompt?: string;
  readonly json: boolean;
  /** Open the run in the devtools page (`@aigo/devtools`), kept open until Ctrl-C. */
  readonly devtools: boolean;
  /** Ask on the terminal before each tool call (human in the loop). */
  readonly approve: boolean;
  /** Show the typed answer as it streams: a growing object (`partial_answer` events). */
  readonly streamObject: boolean;
  readonly help: boolean;
}

/** A command line the demo cannot run; the message says what is wrong. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The `--help` text. */
export const USAGE = `Usage: aigo-demo [--provider openai|gemini|anthropic|fake] [--model NAME] [--prompt TEXT] [--json] [--devtools] [--approve] [--stream-object]

A typed ReAct agent with a calculator and a web-fetch tool, streamed token by token.

  --provider  openai | gemini | anthropic | fake (fake: the offline scripted model). Default: from
              the environment — OPENAI_API_KEY → OpenAI, GEMINI_API_KEY (or GOOGLE_API_KEY)
              → Gemini, ANTHROPIC_API_KEY → Anthropic, OPENAI_BASE_URL → that
              OpenAI-compatible server, none → offline.
  --model     the model (default: gpt-4o-mini, gemini-2.5-flash, claude-haiku-4-5; required for a
              compatible server)
  --prompt    the question (default: the Eiffel Tower's height in feet, read from a web page)
  --json      machine-readable output: one JSON event per line
  --devtools  watch the run in the browser (@aigo/devtools): prints the page's address, keeps it
              open after the run until Ctrl-C
  --approve   ask on the terminal (y/N, on stdin) before each tool call; a refusal is sent to
              the model, which goes on without that result
  --stream-object
              show the typed answer as it streams, a growing object, instead of its JSON text
              (with --json: partial_answer events)
  -h, --help  this text
`;

/**
 * Reads the demo's flags (`--provider`, `--model`, `--prompt`, `--json`, `--devtools`, `--approve`,
 * `--stream-object`, `--help`).
 *
 * @throws UsageError for an unknown flag, a missing value or an unknown provider.
 */
export function parseDemoArgs(argv: readonly string[]): DemoFlags {
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse(argv).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { provider, model, prompt } = values;
  if (provider !== undefined && !(PROVIDER_NAMES as readonly string[]).includes(provider)) {
    throw new UsageError(
      `--provider must be one of ${PROVIDER_NAMES.join(', ')}; got ${JSON.stringify(provider)}`,
    );
  }
  for (const [flag, value] of [
    ['--model', model],
    ['--prompt', prompt],
  ] as const) {
    if (value !== undefined && value.trim() === '') throw new UsageError(`${flag} cannot be empty`);
  }
  return {
    ...(provider === undefined ? {} : { provider: provider as ProviderName }),
    ...(model === undefined ? {} : { model }),
    ...(prompt === undefined ? {} : { prompt }),
    json: values.json === true,
    devtools: values.devtools === true,
    approve: values.approve === true,
    streamObject: values['stream-object'] === true,
    help: values.help === true,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    // `pnpm demo -- --json` passes the `--` through: a leading one is dropped.
    args: argv[0] === '--' ? argv.slice(1) : [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      provider: { type: 'string' },
      model: { type: 'string' },
      prompt: { type: 'string' },
      json: { type: 'boolean' },
      devtools: { type: 'boolean' },
      approve: { type: 'boolean' },
      'stream-object': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
