import {
  AbortError,
  AgentStoppedError,
  type AigoError,
  type ChatResponse,
  type JsonSchema,
  type MemoryProvider,
  type Message,
  ParseError,
  type Prompt,
  parseToolErrorEnvelope,
  type Schema,
  ToolError,
  userMessage,
  ValidationError,
} from '@aigo/ai';
import {
  type Client,
  type ContinueOptions,
  type ExecuteToolCallsOptions,
  type Overview,
  parseStringAs,
  toolMessageResult,
} from '@aigo/client';
import { startAgentSpan } from './agent-span.js';
import { jsonOnlyRequest } from './react-instructions.js';
import type { IterationSettings } from './react-options.js';
import { finishedOverview, type ReActOverview, stoppedOverview } from './react-result.js';
import { callBase, toolBase } from './run-options.js';
import type { AgentSettings, RunInput, RunState } from './run-settings.js';

/** The client and request settings of one iteration. */
interface Step {
  readonly client: Client;
  readonly toolChoice: IterationSettings['toolChoice'];
}

type Parsed =
  | { readonly ok: true; readonly data: unknown }
  | { readonly ok: false; readonly error: ParseError };

/**
 * Runs the ReAct loop: model call → tool calls run (in parallel, results in call order) → next
 * model call, until a reply without tool calls parses (and passes `validateFinalAnswer`). Resolves
 * only with a final answer; every other end rejects (`AgentStoppedError`, or `ParseError` after
 * the JSON-only retry), after emitting an `error` event on a streamed run.
 */
export async function runReAct<T>(
  settings: AgentSettings,
  input: RunInput,
  localMemory: () => MemoryProvider,
): Promise<ReActOverview<T>> {
  const { client } = settings;
  const overview = client.createOverview();
  const ownMemory = input.memory === undefined;
  const memory = input.memory ?? localMemory();
  const agentSpan = startAgentSpan(client.observer, settings, input.parentSpan);
  const span = agentSpan?.span ?? input.parentSpan;
  const run = new Run(settings, input, { overview, memory, ownMemory, span });
  try {
    const result = await run.loop();
    agentSpan?.finish(overview, 'final_answer', run.iteration, undefined);
    return result as ReActOverview<T>;
  } catch (error) {
    const failure = run.failure(error);
    agentSpan?.finish(
      overview,
      AgentStoppedError.isInstance(failure) ? failure.stopReason : 'error',
      run.iteration,
      failure,
    );
    const sink = input.sink;
    if (sink !== undefined) {
      const wait = sink.emit({ type: 'error', iteration: run.iteration, error: failure });
      if (wait !== undefined) await wait;
    }
    throw failure;
  } finally {
    overview.end();
  }
}

/** One run's state. */
class Run {
  iteration = 0;
  readonly #settings: AgentSettings;
  readonly #input: RunInput;
  readonly #overview: Overview;
  readonly #memory: MemoryProvider;
  readonly #ownMemory: boolean;
  /** What every model call of the run shares (memory, overview, signal, span, system prompt). */
  readonly #callBase: ContinueOptions;
  readonly #toolBase: ExecuteToolCallsOptions;
  #stopped = false;

  constructor(settings: AgentSettings, input: RunInput, state: RunState) {
    this.#settings = settings;
    this.#input = input;
    this.#overview = state.overview;
    this.#memory = state.memory;
    this.#ownMemory = state.ownMemory;
    this.#callBase = callBase(settings, input, state);
    this.#toolBase = toolBase(settings, input, state, () => this.iteration);
  }

  async loop(): Promise<ReActOverview<unknown>> {
    const settings = this.#settings;
    const sink = this.#input.sink;
    // The messages that open the next turn: tool results, or a rejection of the last answer.
    let pending: Message[] | undefined;
    for (;;) {
      if (this.iteration >= settings.maxIterations) {
        await this.#keep(pending);
        throw this.#stop(
          'max_iterations',
          `The agent "${settings.name}" reached its maximum of ${settings.maxIterations} iteration${settings.maxIterations === 1 ? '' : 's'} without a final answer`,
        );
      }
      const iteration = ++this.iteration;
      if (sink !== undefined) await sink.emit({ type: 'iteration_start', iteration });
      const step = await this.#prepare(iteration);
      const first = iteration === 1;
      const response = await this.#call(step, first ? this.#input.prompt : undefined, {
        ...(pending === undefined ? {} : { messages: pending }),
        ...(step.toolChoice === undefined ? {} : { toolChoice: step.toolChoice }),
      });
      pending = undefined;

      if (response.toolCalls.length > 0) {
        pending = await this.#runTools(step, response, iteration);
        continue;
      }

      const answer = await this.#finalAnswer(step, response);
      const validate = settings.validateFinalAnswer;
      if (validate !== undefined) {
        const verdict = await validate({
          data: answer.data as never,
          content: answer.response.content,
          iteration,
          response: answer.response,
          context: this.#input.context,
        });
        if (typeof verdict === 'string') {
          pending = [
            userMessage(verdict === '' ? 'That answer was rejected; try again.' : verdict),
          ];
          continue;
        }
      }
      if (sink !== undefined) {
        const wait = sink.emit({
          type: 'final_answer',
          iteration,
          content: answer.response.content,
          result: answer.data,
        });
        if (wait !== undefined) await wait;
      }
      return finishedOverview(this.#overview, answer.data, iteration);
    }
  }

  /** What the run rejects with for `error`: our own stops and parse failures as they are. */
  failure(error: unknown): AigoError {
    if (AgentStoppedError.isInstance(error) || ParseError.isInstance(error)) return error;
    const aborted = this.#input.signal?.aborted === true || AbortError.isInstance(error);
    if (aborted) {
      return this.#stop(
        'aborted',
        `The agent run was aborted during iteration ${this.iteration}`,
        error,
      );
    }
    const detail = error instanceof Error ? error.message : String(error);
    return this.#stop(
      'error',
      `The agent run failed during iteration ${this.iteration}: ${detail}`,
      error,
    );
  }

  #stop(
    reason: 'max_iterations' | 'error' | 'aborted',
    message: string,
    cause?: unknown,
  ): AgentStoppedError {
    if (this.#stopped) {
      // A second failure while stopping (a memory write): keep the overview as it was marked.
      return new AgentStoppedError(reason, message, this.#overview, { cause });
    }
    this.#stopped = true;
    this.#overview.end();
    return new AgentStoppedError(
      reason,
      message,
      stoppedOverview(this.#overview, reason, this.iteration),
      cause === undefined ? undefined : { cause },
    );
  }

  /** Stores messages the model never saw (the last tool results) so the transcript stays whole. */
  async #keep(pending: Message[] | undefined): Promise<void> {
    if (pending === undefined || this.#ownMemory) return;
    await this.#memory.appendMessages(pending);
  }

  async #prepare(iteration: number): Promise<Step> {
    const settings = this.#settings;
    const prepare = settings.prepareIteration;
    if (prepare === undefined) return { client: settings.client, toolChoice: undefined };
    const chosen = await prepare({
      iteration,
      tools: settings.client.tools.tools,
      context: this.#input.context,
      signal: this.#input.signal,
    });
    if (chosen === undefined || chosen === null) {
      return { client: settings.client, toolChoice: undefined };
    }
    if (typeof chosen !== 'object') {
      throw new ValidationError('prepareIteration', 'must return an object or undefined');
    }
    return {
      client:
        chosen.tools === undefined ? settings.client : settings.visibleTools.client(chosen.tools),
      toolChoice: chosen.toolChoice,
    };
  }

  /** One model call (streamed on a streamed run); the client stores the turn once it is complete. */
  async #call(
    step: Step,
    prompt: Prompt | undefined,
    extra: ContinueOptions,
  ): Promise<ChatResponse> {
    const client = step.client;
    const native = this.#nativeSchema(client);
    const options: ContinueOptions = {
      ...this.#callBase,
      ...(native === undefined ? {} : { outputSchema: native }),
      ...extra,
    };
    const sink = this.#input.sink;
    if (sink === undefined) {
      return prompt === undefined
        ? client.continueConversation(options)
        : client.sendMessage(prompt, options);
    }
    const stream =
      prompt === undefined
        ? await client.streamContinueConversation(options)
        : await client.streamMessage(prompt, options);
    const iteration = this.iteration;
    for await (const event of stream) {
      if (event.type === 'content' || event.type === 'reasoning') {
        const wait = sink.emit({ type: event.type, iteration, text: event.text });
        if (wait !== undefined) await wait;
      }
    }
    return stream.collect();
  }

  /** The JSON Schema to send as the request's response format, when it goes natively. */
  #nativeSchema(client: Client): JsonSchema | undefined {
    const { jsonSchema, structuredOutput } = this.#settings;
    if (jsonSchema === undefined || structuredOutput === 'prompt') return undefined;
    if (structuredOutput === 'native') return jsonSchema;
    return client.provider.id === 'gemini' && offersTools(client) ? undefined : jsonSchema;
  }

  async #runTools(step: Step, response: ChatResponse, iteration: number): Promise<Message[]> {
    const sink = this.#input.sink;
    const toolCalls = response.toolCalls;
    if (sink !== undefined) {
      for (const toolCall of toolCalls) {
        const wait = sink.emit({ type: 'tool_call', iteration, toolCall });
        if (wait !== undefined) await wait;
      }
    }
    const results = await step.client.executeToolCalls(toolCalls, this.#toolBase);
    let failure: { index: number; message: string } | undefined;
    for (let index = 0; index < results.length; index++) {
      const { output, content } = toolMessageResult(results[index] as Message);
      const envelope = parseToolErrorEnvelope(output);
      if (sink !== undefined) {
        const wait = sink.emit({
          type: 'tool_result',
          iteration,
          toolCall: toolCalls[index] as (typeof toolCalls)[number],
          result: output,
          failed: envelope !== undefined,
          ...(content === undefined ? {} : { content }),
        });
        if (wait !== undefined) await wait;
      }
      if (
        failure === undefined &&
        envelope !== undefined &&
        envelope.error.code !== 'tool_blocked'
      ) {
        failure = { index, message: envelope.error.message };
      }
    }
    if (failure !== undefined && this.#settings.stopOnError) {
      await this.#keep(results);
      const toolCall = toolCalls[failure.index] as (typeof toolCalls)[number];
      const name = toolCall.function.name;
      throw this.#stop(
        'error',
        `Tool "${name}" failed at iteration ${iteration}: ${failure.message}`,
        new ToolError(name, failure.message, { toolCallId: toolCall.id }),
      );
    }
    return results;
  }

  /** Parses a final answer; on failure asks once for JSON only (not an iteration). */
  async #finalAnswer(
    step: Step,
    response: ChatResponse,
  ): Promise<{ data: unknown; response: ChatResponse }> {
    const { schema, jsonSchema } = this.#settings;
    if (schema === undefined || jsonSchema === undefined)
      return { data: response.content, response };
    const first = await parse(response.content, schema, jsonSchema);
    if (first.ok) return { data: first.data, response };

    const retry = await this.#call(step, undefined, {
      messages: [userMessage(jsonOnlyRequest(jsonSchema, first.error.issues))],
      ...(offersTools(step.client) ? { toolChoice: 'none' as const } : {}),
    });
    const second = await parse(retry.content, schema, jsonSchema);
    if (second.ok) return { data: second.data, response: retry };
    throw new ParseError(
      `The final answer could not be read as the schema, even after asking for JSON only: ${second.error.message}`,
      {
        text: retry.content,
        usage: this.#overview.totalUsage,
        issues: second.error.issues,
        cause: second.error,
      },
    );
  }
}

async function parse(text: string, schema: Schema, jsonSchema: JsonSchema): Promise<Parsed> {
  try {
    return { ok: true, data: await parseStringAs(text, schema, { jsonSchema }) };
  } catch (error) {
    if (ParseError.isInstance(error)) return { ok: false, error };
    throw error;
  }
}

/** True when requests of this client offer tools (function tools or provider tools). */
function offersTools(client: Client): boolean {
  return client.tools.size > 0 || (client.options.providerTools?.length ?? 0) > 0;
}
