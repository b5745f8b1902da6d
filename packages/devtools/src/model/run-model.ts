import type { AttributeValue, ModelCostBreakdown } from '@aigo/ai';

/** What a run is: an agent run, a graph run, a bare client call, a lone tool call, or other work. */
export type RunKind = 'agent' | 'graph' | 'call' | 'tool' | 'other';

/** Where a run is: running, ended well, ended with an error, or waiting for decisions. */
export type RunStatus = 'running' | 'done' | 'failed' | 'suspended';

/**
 * What a span stands for, read from its name and `gen_ai.operation.name`: `retrieval` is a
 * retriever's `aigo.retrieval` span (its stages' durations and counts as attributes).
 */
export type SpanKindLabel = 'agent' | 'model' | 'tool' | 'graph' | 'node' | 'retrieval' | 'other';

/** An event recorded on a span (`span.addEvent`). */
export interface SpanEventRecord {
  readonly name: string;
  /** Milliseconds since the epoch. */
  readonly time: number;
  readonly attributes: { readonly [name: string]: AttributeValue };
}

/** One span of a run, as the page shows it. */
export interface SpanRecord {
  readonly id: string;
  /** The span this one nests under, within the same run. */
  readonly parentId: string | undefined;
  readonly name: string;
  readonly kind: SpanKindLabel;
  /** Milliseconds since the epoch. */
  readonly start: number;
  /** Milliseconds since the epoch; unset while the span runs. */
  readonly end: number | undefined;
  readonly status: 'running' | 'ok' | 'error';
  readonly statusMessage: string | undefined;
  readonly attributes: { readonly [name: string]: AttributeValue };
  readonly events: readonly SpanEventRecord[];
}

/** Token counts of a run. */
export interface TokenCounts {
  readonly input: number;
  readonly output: number;
  readonly cached: number;
  readonly reasoning: number;
}

/** One line of the runs list. */
export interface RunSummary {
  readonly id: string;
  readonly kind: RunKind;
  readonly name: string;
  readonly status: RunStatus;
  /** Milliseconds since the epoch. */
  readonly start: number;
  readonly end: number | undefined;
  readonly durationMs: number;
  readonly tokens: TokenCounts;
  /** Models, tools and compute, in `currency`. */
  readonly cost: number;
  readonly currency: string;
  /** False when a call had no price or no usage: `cost` is then a lower bound. */
  readonly costComplete: boolean;
  /** Model calls in the run. */
  readonly modelCalls: number;
  /** Spans dropped because the run reached its span limit. */
  readonly droppedSpans: number;
}

/**
 * The cost of one model inside a run, the way `Overview.costSummary().byModel` has it (its token
 * counts and cost parts), with the rates of its last priced call and its price sources as labels.
 */
export interface ModelCostRow extends Omit<ModelCostBreakdown, 'priced' | 'priceSources'> {
  readonly model: string;
  /** The rates (per million tokens) of the last priced call. */
  readonly rates: {
    readonly input?: number;
    readonly output?: number;
    readonly cached?: number;
    readonly reasoning?: number;
  };
  /** Where the prices came from: `application`, or `provider openai 2026-01-02 (gpt-4o-mini)`. */
  readonly priceSources: readonly string[];
}

/** The cost of one tool inside a run. */
export interface ToolCostRow {
  readonly tool: string;
  readonly calls: number;
  readonly cost: number;
}

/** A point of the cumulative-cost line: milliseconds since the run's start, cost so far. */
export interface CostPoint {
  readonly atMs: number;
  readonly total: number;
}

/** What a run cost, by model, tool and compute. */
export interface RunCost {
  readonly currency: string;
  readonly byModel: readonly ModelCostRow[];
  readonly byTool: readonly ToolCostRow[];
  readonly totalModelCost: number;
  readonly totalToolCost: number;
  /** Run time × the client's `computeCost` (0 without one). */
  readonly computeCost: number;
  readonly totalCost: number;
  /** False when a call had no price or no usage: the total is then a lower bound. */
  readonly complete: boolean;
  readonly timeline: readonly CostPoint[];
}

/** Status of a graph node as the page colours it. */
export type GraphNodeStatus = 'pending' | 'running' | 'done' | 'failed' | 'skipped';

/** A graph run's shape and where each node is. */
export interface GraphView {
  readonly nodes: readonly { readonly id: string; readonly status: GraphNodeStatus }[];
  readonly edges: readonly {
    readonly from: string;
    readonly to: string;
    /** Unset until the edge settles. */
    readonly active: boolean | undefined;
  }[];
  readonly output: string | undefined;
}

/** A decision a suspended run waits for. */
export interface PendingApproval {
  readonly id: string;
  readonly toolName: string;
  /** Only when content capture is on. */
  readonly arguments: string | undefined;
  readonly message: string | undefined;
}

/** How an agent run's typed answer streamed (its partial answers). */
export interface AnswerStreaming {
  /** The `partial_answer` events the run emitted (set once a streamed model call ended). */
  readonly partialAnswers: number | undefined;
  /** The model calls whose answer streamed partially. */
  readonly streamedCalls: number;
  /** Milliseconds from the run's start to its first partial answer. */
  readonly firstPartialMs: number | undefined;
}

/** An agent the run called as a tool (`agentTool`), at any depth: an `agent_event` source. */
export interface SubAgentCall {
  /** The `execute_tool` span of the call; the sub-run's spans nest under it. */
  readonly spanId: string;
  /** The agents from the run's own down to the one called (`writer`, `researcher`). */
  readonly path: readonly string[];
  /** How the sub-run ended (`final_answer`, `max_iterations`, …); unset while it runs. */
  readonly stopReason: string | undefined;
  readonly durationMs: number | undefined;
}

/** Everything the page shows about one run. */
export interface RunDetail {
  readonly run: RunSummary;
  readonly spans: readonly SpanRecord[];
  readonly cost: RunCost;
  readonly graph: GraphView | undefined;
  readonly approvals: readonly PendingApproval[];
  /** How the typed answer of an agent run streamed, when it streamed partially. */
  readonly answer: AnswerStreaming | undefined;
  /** The agents the run called as tools, at every depth, in call order. */
  readonly subAgents: readonly SubAgentCall[];
  /** Whether approve / refuse buttons may act (a run store and the agents were given). */
  readonly canResume: boolean;
  /** Whether message content was captured (else the page shows counts only). */
  readonly captureContent: boolean;
}

/** What the page's event stream sends: a run's summary changed, or a run was dropped. */
export type DevtoolsEvent =
  | { readonly type: 'run'; readonly run: RunSummary }
  | { readonly type: 'removed'; readonly runId: string };
