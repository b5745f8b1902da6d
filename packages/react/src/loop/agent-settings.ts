import type {
  AgentEvent,
  JsonSchema,
  MemoryProvider,
  Prompt,
  RunStore,
  Schema,
  Span,
} from '@aigo/ai';
import type { Client, Overview, ToolHooks } from '@aigo/client';
import type { ApprovalPolicy } from '../approval/approval-policy.js';
import type {
  FinalAnswer,
  IterationSettings,
  IterationStep,
  StructuredOutputMode,
} from '../react-options.js';
import type { VisibleTools } from './visible-tools.js';

/** An agent's settings, checked and frozen by `createReAct`. */
export interface AgentSettings {
  /** The client every call goes through (one that stores assistant replies). */
  readonly client: Client;
  readonly name: string;
  readonly schema: Schema | undefined;
  /** The final answer's JSON Schema the model sees (set exactly when `schema` is). */
  readonly jsonSchema: JsonSchema | undefined;
  readonly maxIterations: number;
  readonly stopOnError: boolean;
  readonly toolConcurrency: number;
  /** The system prompt of the agent's requests (the client's plus the agent's instructions). */
  readonly systemPrompt: string | undefined;
  readonly structuredOutput: StructuredOutputMode;
  readonly visibleTools: VisibleTools;
  readonly hooks: ToolHooks;
  readonly prepareIteration:
    | ((
        step: IterationStep,
      ) => IterationSettings | undefined | Promise<IterationSettings | undefined>)
    | undefined;
  readonly validateFinalAnswer:
    | ((answer: FinalAnswer<never>) => string | undefined | Promise<string | undefined>)
    | undefined;
  /** Which tool calls wait for a decision (besides what tools declare). */
  readonly approval: ApprovalPolicy | undefined;
  /** Signs suspended runs and checks those handed to `resume`. */
  readonly signingKey: Uint8Array | undefined;
}

/** Where a streamed run's events go. */
export interface EventSink {
  /** Queues an event; returns a promise when the run should wait (backpressure). */
  emit(event: AgentEvent<unknown>): Promise<void> | undefined;
  /** Queues an event the run cannot wait for (a running tool's progress). */
  post(event: AgentEvent<unknown>): void;
}

/** One run's inputs, checked. */
export interface RunInput {
  readonly prompt: Prompt;
  /** The run's memory; `undefined` runs stateless (a memory of the run's own). */
  readonly memory: MemoryProvider | undefined;
  readonly signal: AbortSignal | undefined;
  readonly context: unknown;
  readonly parentSpan: Span | undefined;
  /** The run's id (`ctx.runId` of its tools). */
  readonly runId: string;
  /** Set for a streamed run: model calls stream and events are emitted. */
  readonly sink: EventSink | undefined;
  /** Where a suspended run is saved and a resumed one claimed (the run's, else the agent's). */
  readonly runStore: RunStore | undefined;
  /** Set for `resume`: the suspended run and the decisions, unchecked. */
  readonly resume?: { readonly suspended: unknown; readonly responses: unknown };
}

/** What a run works with besides its settings and inputs. */
export interface RunState {
  readonly overview: Overview;
  /** The memory of the run: the caller's, or one of the run's own (`ownMemory`). */
  readonly memory: MemoryProvider;
  readonly ownMemory: boolean;
  /** The parent of the run's model calls and tool spans: its `invoke_agent` span, if any. */
  readonly span: Span | undefined;
}
