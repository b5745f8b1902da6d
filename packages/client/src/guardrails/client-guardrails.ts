import {
  type ChatResponse,
  checkGuardrailList,
  type GuardrailResult,
  type MemoryProvider,
  type Message,
  type Prompt,
  ValidationError,
} from '@aigo/ai';

/** What a guardrail's model call may set (a subset of `sendMessage`'s options). */
export interface GuardrailCallOptions {
  readonly signal?: AbortSignal;
  /** `null` (advised): the check's call is stateless. */
  readonly memory?: MemoryProvider | null;
  readonly model?: string;
  readonly ephemeralSystemPrompt?: string;
  readonly temperature?: number;
  readonly maxOutputTokens?: number;
}

/** A client to call a model with from a guardrail (the client itself, without its guardrails). */
export interface GuardrailModelClient {
  sendMessage(prompt: Prompt, options?: GuardrailCallOptions): Promise<ChatResponse>;
}

/** What a client guardrail's `check` learns besides the value. */
export interface ClientGuardrailContext {
  /** The call's signal (aborted, too, when a parallel guardrail's call is cancelled). */
  readonly signal: AbortSignal | undefined;
  /** The client without its guardrails, to call a model with. */
  readonly client: GuardrailModelClient;
}

/** What a client input guardrail checks: the prompt of `sendMessage` / `streamMessage`. */
export interface ClientInputValue {
  readonly prompt: Prompt;
  /** The prompt as the user message sent. */
  readonly message: Message;
  /** The prompt's text parts, joined. */
  readonly text: string;
}

/** What a client output guardrail checks: the complete answer, before it is stored. */
export interface ClientOutputValue {
  readonly content: string;
  readonly response: ChatResponse;
}

/**
 * An input guardrail of a client: `mode: 'before'` (default) — the model is called once it passed;
 * `'parallel'` — it runs while the call runs; a trip cancels the call.
 */
export interface ClientInputGuardrail {
  readonly name: string;
  readonly mode?: 'before' | 'parallel';
  check(
    value: ClientInputValue,
    ctx: ClientGuardrailContext,
  ): GuardrailResult | Promise<GuardrailResult>;
}

/** An output guardrail of a client: checks each complete answer before it is stored. */
export interface ClientOutputGuardrail {
  readonly name: string;
  check(
    value: ClientOutputValue,
    ctx: ClientGuardrailContext,
  ): GuardrailResult | Promise<GuardrailResult>;
}

/**
 * The client option `guardrails`: checks on the prompt and the answer of `sendMessage` and
 * `streamMessage`. A trip rejects the call with `GuardrailTrippedError`; nothing of it is stored.
 */
export interface ClientGuardrails {
  readonly input?: readonly ClientInputGuardrail[];
  readonly output?: readonly ClientOutputGuardrail[];
}

/** The guardrails of a client, checked and split; `undefined` without any. */
export interface CheckedClientGuardrails {
  readonly before: readonly ClientInputGuardrail[];
  readonly parallel: readonly ClientInputGuardrail[];
  readonly output: readonly ClientOutputGuardrail[];
}

/**
 * Checks the client option `guardrails`.
 *
 * @throws ValidationError naming the bad part (`guardrails.input[0].check`).
 */
export function checkClientGuardrails(value: unknown): CheckedClientGuardrails | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError('guardrails', 'must be an object { input?, output? }');
  }
  for (const key of Object.keys(value)) {
    if (key !== 'input' && key !== 'output') {
      throw new ValidationError(`guardrails.${key}`, 'is not input or output');
    }
  }
  const { input, output } = value as ClientGuardrails;
  const inputs = checkGuardrailList<ClientInputGuardrail>(input, 'guardrails.input', ['mode']);
  for (const [index, guardrail] of inputs.entries()) {
    const mode = guardrail.mode;
    if (mode !== undefined && mode !== 'before' && mode !== 'parallel') {
      throw new ValidationError(
        `guardrails.input[${index}].mode`,
        "must be 'before' or 'parallel'",
      );
    }
  }
  const outputs = checkGuardrailList<ClientOutputGuardrail>(output, 'guardrails.output');
  if (inputs.length === 0 && outputs.length === 0) return undefined;
  return Object.freeze({
    before: inputs.filter((guardrail) => guardrail.mode !== 'parallel'),
    parallel: inputs.filter((guardrail) => guardrail.mode === 'parallel'),
    output: outputs,
  });
}
