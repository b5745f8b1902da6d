import { type Message, parseToolErrorEnvelope, type Span, type ToolCall } from '@aigo/ai';
import { type Client, type ExecuteToolCallsOptions, toolMessageResult } from '@aigo/client';
import { deniedResult, TOOL_DENIED } from '../guardrails/authorize-call.js';
import { TOOL_REFUSED } from '../suspend/resume-turn.js';
import type { EventSink } from './agent-settings.js';

/** One iteration's tool calls to run, and how to run and show them. */
export interface ToolRound {
  readonly client: Client;
  readonly toolCalls: readonly ToolCall[];
  readonly iteration: number;
  /** What the tools of the run share (signal, span, context, approvals). */
  readonly options: ExecuteToolCallsOptions;
  readonly sink: EventSink | undefined;
  /** Calls a person refused, by index, with the result the model reads instead. */
  readonly refused?: ReadonlyMap<number, Message>;
  /** The calls as the events show them (arguments redacted per approval rule). */
  readonly shown?: readonly ToolCall[];
  /** Calls `authorizeTool` denied, by index, with the reason: they get a refused result. */
  readonly denied?: ReadonlyMap<number, string>;
}

/** The results of a round, in call order, and its first failure (not a block or a refusal). */
export interface ToolRoundResult {
  readonly results: Message[];
  readonly failure: { readonly index: number; readonly message: string } | undefined;
}

/**
 * Runs a reply's tool calls (those not `refused`, whose result is given) and emits their
 * `tool_call` and `tool_result` events, waiting where the stream asks it to.
 *
 * @param round - The calls and how to run them.
 */
export async function runToolRound(round: ToolRound): Promise<ToolRoundResult> {
  const { client, toolCalls, iteration, sink, denied } = round;
  let refused = round.refused;
  const shown = round.shown ?? toolCalls;
  if (denied !== undefined && denied.size > 0) {
    const all = new Map(refused);
    for (const [index, reason] of denied) {
      all.set(index, deniedResult(toolCalls[index] as ToolCall, reason));
    }
    refused = all;
    recordDenied(round.options.span, toolCalls, denied, iteration);
  }
  if (sink !== undefined) {
    for (const toolCall of shown) {
      const wait = sink.emit({ type: 'tool_call', iteration, toolCall });
      if (wait !== undefined) await wait;
    }
    for (const [index, reason] of denied ?? []) {
      const toolCall = shown[index] as ToolCall;
      const wait = sink.emit({ type: 'tool_denied', iteration, toolCall, reason });
      if (wait !== undefined) await wait;
    }
  }
  const runnable =
    refused === undefined || refused.size === 0
      ? toolCalls
      : toolCalls.filter((_, index) => !refused.has(index));
  const ran = runnable.length === 0 ? [] : await client.executeToolCalls(runnable, round.options);
  let next = 0;
  const results =
    refused === undefined || refused.size === 0
      ? ran
      : toolCalls.map((_, index) => refused.get(index) ?? (ran[next++] as Message));
  let failure: ToolRoundResult['failure'];
  for (let index = 0; index < results.length; index++) {
    const { output, content } = toolMessageResult(results[index] as Message);
    const envelope = parseToolErrorEnvelope(output);
    if (sink !== undefined) {
      const wait = sink.emit({
        type: 'tool_result',
        iteration,
        toolCall: shown[index] as ToolCall,
        result: output,
        failed: envelope !== undefined,
        ...(content === undefined ? {} : { content }),
      });
      if (wait !== undefined) await wait;
    }
    if (
      failure === undefined &&
      envelope !== undefined &&
      envelope.error.code !== 'tool_blocked' &&
      envelope.error.code !== TOOL_REFUSED &&
      envelope.error.code !== TOOL_DENIED
    ) {
      failure = { index, message: envelope.error.message };
    }
  }
  return { results, failure };
}

/** An `aigo.tool.denied` event on the run's span for each call `authorizeTool` denied. */
function recordDenied(
  span: Span | undefined,
  toolCalls: readonly ToolCall[],
  denied: ReadonlyMap<number, string>,
  iteration: number,
): void {
  if (span === undefined) return;
  for (const [index, reason] of denied) {
    try {
      span.addEvent('aigo.tool.denied', {
        'aigo.react.iteration': iteration,
        'gen_ai.tool.name': (toolCalls[index] as ToolCall).function.name,
        'aigo.tool.denied.reason': reason,
      });
    } catch {
      // Observers never break a run.
    }
  }
}
