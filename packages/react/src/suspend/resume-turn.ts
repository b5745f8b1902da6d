import { type Message, type ToolCall, toolErrorEnvelope, toolMessage } from '@aigo/ai';
import { redactArguments } from '../approval/redact-arguments.js';
import type { ResumePlan } from './prepare-resume.js';

/** The waiting turn made ready to run: the reply with the arguments that run, refusals answered. */
export interface ResumeTurn {
  /** The held turn with the reply's calls as they run (edited arguments in place). */
  readonly turn: readonly Message[];
  readonly toolCalls: readonly ToolCall[];
  /** The tool message of each refused call, by index. */
  readonly refused: ReadonlyMap<number, Message>;
  /** Each call as people see it (events): arguments redacted per its rule. */
  readonly shown: readonly ToolCall[];
  /** The calls `authorizeTool` denied when the run suspended, by index, with the reason. */
  readonly denied: ReadonlyMap<number, string> | undefined;
}

/** The code of the tool result a refused call gets. */
export const TOOL_REFUSED = 'tool_refused';

/**
 * Applies the decisions to the held reply: approved calls take their (possibly edited) arguments —
 * the stored reply says what ran — and refused calls get a tool result saying so and why.
 */
export function resumeTurn(plan: ResumePlan): ResumeTurn {
  const turn = plan.state.turn;
  const reply = turn.at(-1) as Message;
  const original = reply.toolCalls ?? [];
  const refused = new Map<number, Message>();
  const toolCalls = original.map((call, index): ToolCall => {
    const decision = plan.decisions[index];
    if (decision === undefined || decision.kind === 'run') {
      const args = decision?.arguments ?? call.function.arguments;
      return args === call.function.arguments
        ? call
        : { ...call, function: { ...call.function, arguments: args } };
    }
    const reason =
      decision.reason === undefined || decision.reason === '' ? '' : `: ${decision.reason}`;
    refused.set(
      index,
      toolMessage(
        call.id,
        toolErrorEnvelope(
          TOOL_REFUSED,
          `The call was refused by the person who reviews this agent's tool calls${reason}. It did not run.`,
        ),
        call.function.name,
      ),
    );
    return call;
  });
  const redactions = new Map(plan.state.pending.map((pending) => [pending.index, pending.redact]));
  const shown = toolCalls.map((call, index) => {
    const redact = redactions.get(index);
    return redact === undefined
      ? call
      : {
          ...call,
          function: {
            ...call.function,
            arguments: redactArguments(call.function.arguments, redact),
          },
        };
  });
  return {
    turn: [...turn.slice(0, -1), { ...reply, toolCalls }],
    toolCalls,
    refused,
    shown,
    denied:
      plan.state.denied === undefined || plan.state.denied.length === 0
        ? undefined
        : new Map(plan.state.denied.map((call) => [call.index, call.reason])),
  };
}
