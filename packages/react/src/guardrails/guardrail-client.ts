import type { Client, ContinueOptions, MessageOptions, Overview } from '@aigo/client';

/**
 * The model calls of a run's guardrails: each guardrail gets the agent's client as `ctx.client`,
 * whose calls are recorded into an overview of that check — merged, once the check ends, into the
 * run's overview (usage and cost add up) and into the guardrail's own overview, by name.
 */
export class GuardrailCalls {
  readonly #client: Client;
  readonly #run: Overview;
  readonly #byName = new Map<string, Overview>();

  constructor(client: Client, run: Overview) {
    this.#client = client;
    this.#run = run;
  }

  /**
   * A client for one check of guardrail `name`, and `done()` that books what its calls used. Calls
   * that name their own `overview` are left to it.
   */
  open(name: string): { readonly client: Client; done(): void } {
    const base = this.#client;
    let overview: Overview | undefined;
    const recording = <O extends ContinueOptions | MessageOptions>(options: O | undefined): O => {
      if (options?.overview !== undefined) return options;
      overview ??= base.createOverview();
      return { ...options, overview } as O;
    };
    const client: Client = Object.freeze(
      Object.create(base, {
        sendMessage: { value: (prompt, options) => base.sendMessage(prompt, recording(options)) },
        continueConversation: { value: (options) => base.continueConversation(recording(options)) },
        streamMessage: {
          value: (prompt, options) => base.streamMessage(prompt, recording(options)),
        },
        streamContinueConversation: {
          value: (options) => base.streamContinueConversation(recording(options)),
        },
      } satisfies PropertyDescriptorMap & {
        [K in
          | 'sendMessage'
          | 'continueConversation'
          | 'streamMessage'
          | 'streamContinueConversation']: { value: Client[K] };
      }) as Client,
    );
    return {
      client,
      done: () => {
        if (overview === undefined) return;
        overview.end();
        this.#run.merge(overview);
        let named = this.#byName.get(name);
        if (named === undefined) {
          named = base.createOverview();
          this.#byName.set(name, named);
        }
        named.merge(overview);
        overview = undefined;
      },
    };
  }

  /** What each guardrail's model calls used, by guardrail name (only those that called a model). */
  byName(): Readonly<Record<string, Overview>> {
    return Object.freeze(Object.fromEntries(this.#byName));
  }
}
