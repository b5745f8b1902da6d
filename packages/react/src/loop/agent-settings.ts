import type {
  A2ARequest,
  AgentEvent,
  JsonObject,
  JsonSchema,
  MemoryProvider,
  Message,
  Principal,
  Prompt,
  RunStore,
  Schema,
  Span,
} from '@aigo/ai';
import type { Client, Overview, ToolHooks } from '@aigo/client';
import type { ApprovalPolicy } from '../approval/approval-policy.js';
import type { GuardSettings } from '../guardrails/check-guardrails.js';
import type {
  FinalAnswer,
  IterationSettings,
  IterationStep,
  StructuredOutputMode,
} from '../react-options.js';
import type { RunSteering } from '../steering/steering-queue.js';
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
  /** Guardrails, `authorizeTool` and `approverRoles`; `undefined` when the agent has none. */
  readonly guards: GuardSettings | undefined;
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
  /** The prompt of a new run (`execute`); `undefined` for a run that goes on (resume, step). */
  readonly prompt: Prompt | undefined;
  /** The run's memory; `undefined` runs stateless (a memory of the run's own). */
  readonly memory: MemoryProvider | undefined;
  readonly signal: AbortSignal | undefined;
  readonly context: unknown;
  /** The A2A request the run answers (`ctx.a2a` of its tools). */
  readonly a2a?: A2ARequest | undefined;
  readonly parentSpan: Span | undefined;
  /** The run's id (`ctx.runId` of its tools). */
  readonly runId: string;
  /** Set for a streamed run: model calls stream and events are emitted. */
  readonly sink: EventSink | undefined;
  /** Where a suspended run is saved and a resumed one claimed (the run's, else the agent's). */
  readonly runStore: RunStore | undefined;
  /** Set for `resume`: the suspended run and the decisions, unchecked. */
  readonly resume?: { readonly suspended: unknown; readonly responses: unknown };
  /** The queue the caller steers the run with (the `steering` option, a stream's own). */
  readonly steering: RunSteering | undefined;
  /** The state a new run starts with (the `state` option, checked and copied). */
  readonly state: JsonObject | undefined;
  /** The agents this run serves as a tool, outermost first (`agentTool`); unset at the top. */
  readonly agentPath?: readonly string[];
  /**
   * Who the run acts for (the `principal` option, checked); a resumed or stepped run acts for the
   * principal it was saved with.
   */
  readonly principal: Principal | undefined;
}

/**
 * Where the loop of a run starts: a new run's prompt, or what a run that goes on (a resume, a step)
 * saved — its iteration, the messages that open its next model call, the steering messages not
 * delivered yet and its state (`ctx.state`).
 */
export interface RunStart {
  /** Iterations (model calls) done so far. */
  readonly iteration: number;
  /** The prompt, when the first model call has not happened yet. */
  readonly prompt: Prompt | undefined;
  /** The messages that open the next model call (tool results, a rejected answer's reason). */
  readonly next: readonly Message[] | undefined;
  /** Steering messages queued before, not delivered yet: they go first. */
  readonly steering: readonly Message[] | undefined;
  /** The run's state, the object `ctx.state` is. */
  readonly state: JsonObject;
}

/** What a run works with besides its settings and inputs. */
export interface RunParts {
  readonly overview: Overview;
  /** The memory of the run: the caller's, or one of the run's own (`ownMemory`). */
  readonly memory: MemoryProvider;
  readonly ownMemory: boolean;
  /** The parent of the run's model calls and tool spans: its `invoke_agent` span, if any. */
  readonly span: Span | undefined;
}
