import type { Principal, ToolCall } from '@aigo/ai';

/** A tool call as an approval rule or predicate sees it. */
export interface ApprovalCall {
  /** The tool's name. */
  readonly name: string;
  /** The arguments, parsed (and, for a `defineTool` tool, validated: what `execute` would get). */
  readonly arguments: unknown;
  /** The call as the model wrote it. */
  readonly toolCall: ToolCall;
  /** Whatever the application passed to the run as `context`. */
  readonly context: unknown;
  /** The run's id. */
  readonly runId: string;
  /** The iteration whose reply holds the call. */
  readonly iteration: number;
  /** Who the run acts for (the run's `principal` option). */
  readonly principal: Principal | undefined;
}

/** How a call that needs a decision is shown to the person deciding. */
export interface ApprovalRule {
  /** What to show: text, or a function of the call. Default: `Run tool "name"?`. */
  readonly message?: string | ((call: ApprovalCall) => string);
  /**
   * Arguments the person must not see: top-level keys or dotted paths (`card.number`), replaced by
   * `"[REDACTED]"` in the request, the events, the spans and the logs. The tool still gets them.
   */
  readonly redact?: readonly string[];
}

/**
 * What an approval predicate answers for one call: `true` or a rule (the call needs a decision),
 * `false` (it runs without one), `undefined` (the tool decides: its `needsApproval`).
 */
export type ApprovalVerdict = boolean | ApprovalRule | undefined;

/**
 * Which tool calls of a ReAct run need a person's decision before they run (`createReAct`'s
 * `approval`). The policy overrides what tools declare (`defineTool({ needsApproval })`) for the
 * calls it speaks about; for the others the tool's own declaration holds.
 * - `'all'`: every call (built-in "require all"); `'none'`: no call, whatever the tools declare;
 * - a list of tool names: calls of those tools; the others as their tools declare;
 * - `{ allow }`: an allow-list: calls of those tools run, every other call needs a decision;
 * - `{ rules, default? }`: a rule per tool name (`true`, `false` or an `ApprovalRule` with the
 *   message and the arguments to redact); `default` for tools without a rule, else the tool decides;
 * - a predicate over the call (name, parsed arguments, run context), sync or async.
 */
export type ApprovalPolicy =
  | 'all'
  | 'none'
  | readonly string[]
  | { readonly allow: readonly string[]; readonly rule?: ApprovalRule }
  | {
      readonly rules: { readonly [toolName: string]: boolean | ApprovalRule };
      readonly default?: boolean | ApprovalRule;
    }
  | ((call: ApprovalCall) => ApprovalVerdict | Promise<ApprovalVerdict>);
