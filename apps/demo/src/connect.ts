import type { ComputeCost, ModelCosts, ReasoningOptions, StreamProvider } from '@aigo/ai';
import { anthropic } from '@aigo/anthropic';
import { gemini } from '@aigo/gemini';
import { redactUrl } from '@aigo/http';
import { openai } from '@aigo/openai';
import type { DemoEnv, ProviderChoice } from './choose-provider.js';
import {
  envSetsModelPrice,
  OFFLINE_EXAMPLE_COMPUTE,
  OFFLINE_PRICED_AS,
  offlineExampleNote,
} from './prices.js';

/** The online question: the same task as offline, on a real page. */
export const ONLINE_QUESTION =
  'How tall is the Eiffel Tower in feet? Read https://en.wikipedia.org/wiki/Eiffel_Tower for its ' +
  'height in metres, then convert it with the calculator (1 m = 3.28084 ft).';

/** A provider ready to use, with what the demo prints about it. */
export interface Connection {
  /** `openai`, `compatible`, `gemini`, `anthropic` or `offline`. */
  readonly kind: ProviderChoice['kind'];
  readonly provider: StreamProvider;
  readonly model: string;
  readonly offline: boolean;
  /** One line saying where the model runs. */
  readonly description: string;
  /**
   * The client's own prices: `undefined` online, where the provider's list prices apply (and the
   * client reads `AIGO_MODEL_*` from the environment first); the example price offline.
   */
  readonly modelCost: ModelCosts | undefined;
  readonly computeCost: ComputeCost | undefined;
  /** The environment the client reads its fallbacks from. */
  readonly clientEnv: DemoEnv;
  /** What the application's prices are, when it gives some (the environment's, the example). */
  readonly ownPrices: string | undefined;
  /** Reasoning settings for the requests (thoughts streamed where the provider offers them). */
  readonly reasoning: ReasoningOptions | undefined;
  /** The question asked when `--prompt` is not given. */
  readonly defaultPrompt: string;
  /** Hosts on the machine's own network the web-fetch tool may read (the offline page). */
  readonly allowedPrivateHosts: readonly string[];
  /** Releases the provider's connections and stops the offline server. */
  close(): Promise<void>;
}

/** Options of {@link connect}. */
export interface ConnectOptions {
  /** Milliseconds between the offline server's SSE chunks (for a person watching). */
  readonly paceMs: number;
  /** The names the demo gave its tools (the offline script calls them). */
  readonly toolNames: { readonly webFetch: string; readonly calculator: string };
}

/**
 * Creates the provider the choice names. Offline, it starts the scripted model behind a local
 * OpenAI-compatible server and connects the real `@aigo/openai` adapter to it; `@aigo/testing` is
 * loaded only then.
 */
export async function connect(
  choice: ProviderChoice,
  env: DemoEnv,
  options: ConnectOptions,
): Promise<Connection> {
  switch (choice.kind) {
    case 'offline':
      return connectOffline(choice.model, options);
    case 'openai': {
      const provider = openai(choice.baseURL === undefined ? {} : { baseURL: choice.baseURL });
      return {
        kind: 'openai',
        provider,
        model: choice.model,
        offline: false,
        description: 'OpenAI (api.openai.com, Responses API), key from OPENAI_API_KEY',
        modelCost: undefined,
        computeCost: undefined,
        clientEnv: env,
        ownPrices: envPrices(env),
        reasoning: undefined,
        defaultPrompt: ONLINE_QUESTION,
        allowedPrivateHosts: [],
        close: () => provider.close(),
      };
    }
    case 'compatible': {
      const provider = openai({ baseURL: choice.baseURL });
      return {
        kind: 'compatible',
        provider,
        model: choice.model,
        offline: false,
        description: `OpenAI-compatible server at ${redactUrl(choice.baseURL)} (Chat Completions)`,
        modelCost: undefined,
        computeCost: undefined,
        clientEnv: env,
        ownPrices: envPrices(env),
        reasoning: undefined,
        defaultPrompt: ONLINE_QUESTION,
        allowedPrivateHosts: [],
        close: () => provider.close(),
      };
    }
    case 'gemini': {
      const provider = gemini();
      return {
        kind: 'gemini',
        provider,
        model: choice.model,
        offline: false,
        description:
          'Google Gemini (generativelanguage.googleapis.com), key from GEMINI_API_KEY ' +
          '(or GOOGLE_API_KEY, GOOGLE_GENERATIVE_AI_API_KEY)',
        modelCost: undefined,
        computeCost: undefined,
        clientEnv: env,
        ownPrices: envPrices(env),
        reasoning: { includeThoughts: true },
        defaultPrompt: ONLINE_QUESTION,
        allowedPrivateHosts: [],
        close: () => provider.close(),
      };
    }
    case 'anthropic': {
      const provider = anthropic();
      return {
        kind: 'anthropic',
        provider,
        model: choice.model,
        offline: false,
        description:
          'Anthropic Claude (Messages API, api.anthropic.com or ANTHROPIC_BASE_URL), key from ' +
          'ANTHROPIC_API_KEY',
        modelCost: undefined,
        computeCost: undefined,
        clientEnv: env,
        ownPrices: envPrices(env),
        reasoning: undefined,
        defaultPrompt: ONLINE_QUESTION,
        allowedPrivateHosts: [],
        close: () => provider.close(),
      };
    }
  }
}

/** What the prices of the environment are, when it sets some (the client reads them itself). */
function envPrices(env: DemoEnv): string | undefined {
  return envSetsModelPrice(env) ? 'prices: from the AIGO_MODEL_* environment variables' : undefined;
}

async function connectOffline(
  model: string | undefined,
  options: ConnectOptions,
): Promise<Connection> {
  const { createOfflineModel, OFFLINE_MODEL, offlineQuestion } = await import(
    './offline/offline-model.js'
  );
  const { startOfflineServer } = await import('./offline/offline-server.js');
  // The script needs the page URL, which needs the server's port: the model is created lazily.
  let scripted: StreamProvider | undefined;
  const server = await startOfflineServer({
    model: {
      id: 'offline',
      sendMessage: (request, callOptions) => current().sendMessage(request, callOptions),
      streamMessage: (request, callOptions) => current().streamMessage(request, callOptions),
    },
    paceMs: options.paceMs,
  });
  const current = (): StreamProvider => {
    scripted ??= createOfflineModel(server.pageUrl, options.toolNames);
    return scripted;
  };
  // The scripted model is billed, as an example, at gpt-4o-mini's list price from @aigo/openai's
  // table: the local server is not OpenAI, so the price is asked of OpenAI's list by name.
  const provider = openai({ baseURL: server.baseURL, apiKey: 'offline', api: 'chat' });
  const example = openai({ apiKey: 'offline', prices: 'openai' }).modelCost(OFFLINE_PRICED_AS);
  if (example === undefined) throw new Error(`@aigo/openai has no price for ${OFFLINE_PRICED_AS}`);
  const offlineModel = model ?? OFFLINE_MODEL;
  return {
    kind: 'offline',
    provider,
    model: offlineModel,
    offline: true,
    description:
      `scripted model (@aigo/testing) behind a local OpenAI-compatible server at ${server.baseURL}, ` +
      'called through @aigo/openai. No network, no API key.',
    modelCost: { [offlineModel]: example },
    computeCost: OFFLINE_EXAMPLE_COMPUTE,
    // Offline ignores AIGO_* prices in the environment: the example price is the point.
    clientEnv: {},
    ownPrices: offlineExampleNote(example),
    reasoning: undefined,
    defaultPrompt: offlineQuestion(server.pageUrl),
    allowedPrivateHosts: ['127.0.0.1'],
    close: async () => {
      await provider.close();
      await server.close();
    },
  };
}
