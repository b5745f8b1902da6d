import {
  AgentStoppedError,
  type AigoError,
  addUsage,
  type InteractionResponses,
  type Observer,
  type SuspendedRun,
  type Tool,
  type Usage,
} from '@aigo/ai';
import { createClient, type Overview } from '@aigo/client';
import { createReAct, type ReActStoppedOverview } from '@aigo/react';
import { calculatorTool } from '@aigo/tools-calculator';
import { webFetchTool } from '@aigo/tools-webfetch';
import { type DemoAnswer, DemoAnswerSchema } from './answer-schema.js';
import type { Approver } from './approver.js';
import type { Connection } from './connect.js';
import type { DemoRenderer } from './demo-events.js';
import { priceNotes } from './price-notes.js';
import { costRows } from './render/cost-rows.js';
import { usageMeter } from './usage-meter.js';

/** The names the demo gives its tools (the tools' own defaults). */
export const TOOL_NAMES = Object.freeze({ calculator: 'Calculator', webFetch: 'WebFetch' });

/** Options of {@link runDemo}. */
export interface RunDemoOptions {
  readonly connection: Connection;
  readonly prompt: string;
  readonly renderer: DemoRenderer;
  /** Aborting it (Ctrl-C) stops the model request and the running tools. */
  readonly signal?: AbortSignal;
  /** The clock, in milliseconds (tests). */
  readonly now?: () => number;
  /** Traces the run (the devtools' observer with `--devtools`). */
  readonly observer?: Observer;
  /** `--approve`: every tool call waits for this answer (the run suspends and resumes). */
  readonly approve?: Approver;
  /** `--stream-object`: the typed answer's partial values go to the renderer as they stream. */
  readonly streamObject?: boolean;
}

/** How a run ended. */
export interface DemoOutcome {
  readonly ok: boolean;
  /** The typed result of a successful run. */
  readonly data?: DemoAnswer;
}

/**
 * Runs the demo agent once: a `createReAct` agent with a typebox result schema, the calculator and
 * web-fetch tools, on an `@aigo/client` client with the connection's provider and prices. It streams
 * the run (`executeStream`) and hands every step to the renderer as it happens — reasoning and
 * answer fragments (with `streamObject`, the typed answer's partial values too), tool calls, tool
 * results with their duration, each model call's usage — then
 * the typed result, the cost table built from the run's overview (`costSummary()`), and the end.
 */
export async function runDemo(options: RunDemoOptions): Promise<DemoOutcome> {
  const { connection, renderer } = options;
  const now = options.now ?? Date.now;
  const started = now();

  const tools: Tool[] = [
    calculatorTool({ name: TOOL_NAMES.calculator }),
    webFetchTool({
      name: TOOL_NAMES.webFetch,
      timeoutSeconds: 20,
      allowedPrivateHosts: connection.allowedPrivateHosts,
    }),
  ];
  // Each model call's usage arrives when its stream finishes, which can be before the agent hands
  // over the last fragments it queued; it is reported once the reply's text has been shown.
  // Each model call's usage arrives when its stream finishes — possibly before the agent hands over
  // the fragments it queued, or even the next call's. Calls finish in order, one per reply, so each
  // usage is reported after its reply: at the reply's first tool call, or with the final answer.
  const pendingUsage: Usage[] = [];
  let runUsage: Usage | undefined;
  const meter = usageMeter((usage) => pendingUsage.push(usage));
  const reportUsage = (calls: number): void => {
    for (const call of pendingUsage.splice(0, calls)) {
      runUsage = addUsage(runUsage, call);
      renderer.event({ type: 'usage', call, total: runUsage ?? call });
    }
  };
  const client = createClient(connection.provider, {
    defaultModel: connection.model,
    tools,
    middleware: [meter],
    env: connection.clientEnv,
    ...(connection.modelCost === undefined ? {} : { modelCost: connection.modelCost }),
    ...(connection.computeCost === undefined ? {} : { computeCost: connection.computeCost }),
    ...(connection.reasoning === undefined ? {} : { reasoning: connection.reasoning }),
    ...(options.observer === undefined ? {} : { observer: options.observer }),
  });
  const durations = new Map<string, number>();
  const agent = createReAct(client, {
    schema: DemoAnswerSchema,
    name: 'aigo-demo',
    maxIterations: 8,
    ...(options.approve === undefined ? {} : { approval: 'all' as const }),
    afterToolCall: ({ toolCall, durationMs }) => {
      durations.set(toolCall.id, durationMs);
      return undefined;
    },
  });

  renderer.event({
    type: 'setup',
    provider: connection.kind,
    model: connection.model,
    offline: connection.offline,
    description: connection.description,
    prompt: options.prompt,
    tools: tools.map((tool) => tool.description.name),
  });

  const runOptions = options.signal === undefined ? {} : { signal: options.signal };
  let stream = agent.executeStream(options.prompt, runOptions);
  let iteration = 0;
  let reportedIteration = 0;
  // With --approve a run suspends before each reply's tools: ask, then resume with the answers.
  for (;;) {
    let suspended: SuspendedRun | undefined;
    for await (const event of stream) {
      if (event.type === 'interaction_requested') suspended = event.suspended;
      iteration = event.iteration;
      if (event.type === 'tool_call' && event.iteration !== reportedIteration) {
        reportedIteration = event.iteration;
        reportUsage(1);
      } else if (event.type === 'final_answer' || event.type === 'error') {
        reportUsage(Number.POSITIVE_INFINITY);
      }
      switch (event.type) {
        case 'iteration_start':
        case 'reasoning':
        case 'content':
          renderer.event(event);
          break;
        case 'tool_call':
          renderer.event({
            type: 'tool_call',
            iteration: event.iteration,
            id: event.toolCall.id,
            name: event.toolCall.function.name,
            arguments: event.toolCall.function.arguments,
          });
          break;
        case 'tool_result':
          renderer.event({
            type: 'tool_result',
            iteration: event.iteration,
            id: event.toolCall.id,
            name: event.toolCall.function.name,
            result: event.result,
            failed: event.failed,
            durationMs: Math.round(durations.get(event.toolCall.id) ?? 0),
          });
          break;
        case 'partial_answer':
          if (options.streamObject === true) {
            renderer.event({
              type: 'partial_answer',
              iteration: event.iteration,
              partial: event.partial,
            });
          }
          break;
        case 'final_answer':
          renderer.event({
            type: 'final_answer',
            iteration: event.iteration,
            result: event.result,
          });
          break;
        case 'error':
          renderer.event({
            type: 'error',
            iteration: event.iteration,
            code: event.error.code,
            message: describeError(event.error),
            ...(AgentStoppedError.isInstance(event.error)
              ? { stopReason: event.error.stopReason }
              : {}),
          });
          break;
      }
    }
    if (suspended === undefined || options.approve === undefined) break;
    const responses: Record<string, InteractionResponses[string]> = {};
    for (const request of suspended.requests) {
      responses[request.id] = (await options.approve(request))
        ? { approved: true }
        : { approved: false, reason: 'the person running the demo said no' };
    }
    stream = agent.resumeStream(suspended, responses, runOptions);
  }

  reportUsage(Number.POSITIVE_INFINITY);

  let overview: Overview | undefined;
  let data: DemoAnswer | undefined;
  let iterations = iteration;
  try {
    const result = await stream.collect();
    overview = result;
    data = result.data;
    iterations = result.iterations;
  } catch (error) {
    if (AgentStoppedError.isInstance(error)) {
      const stopped = error.overview as ReActStoppedOverview;
      overview = stopped;
      iterations = stopped.iterations;
    }
  }

  if (overview !== undefined) {
    const summary = overview.costSummary();
    renderer.event({
      type: 'cost',
      currency: summary.currency,
      rows: costRows(summary),
      totalCost: summary.totalCost,
      complete: summary.complete,
      priceNotes: priceNotes(summary, connection.ownPrices),
    });
  }
  renderer.event({
    type: 'end',
    ok: data !== undefined,
    iterations,
    elapsedMs: now() - started,
    usage: overview?.totalUsage ?? meter.total(),
  });
  return data === undefined ? { ok: false } : { ok: true, data };
}

/** The error's message, with its cause's when it has one (a stopped run says why it stopped). */
function describeError(error: AigoError): string {
  const cause = error.cause;
  if (cause instanceof Error && cause.message !== '' && !error.message.includes(cause.message)) {
    return `${error.message}: ${cause.message}`;
  }
  return error.message;
}
