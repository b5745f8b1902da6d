import { type DevtoolsObserver, devtools } from '@aigo/devtools';
import { terminalApprover } from './approver.js';
import { ChoiceError, chooseProvider, type DemoEnv } from './choose-provider.js';
import { type Connection, connect } from './connect.js';
import type { DemoRenderer } from './demo-events.js';
import { parseDemoArgs, USAGE, UsageError } from './parse-args.js';
import { createJsonRenderer } from './render/json-renderer.js';
import type { Terminal } from './render/status-line.js';
import { chooseStyle } from './render/style.js';
import { createTextRenderer } from './render/text-renderer.js';
import { runDemo, TOOL_NAMES } from './run-demo.js';

/** An output stream: `process.stdout`, or a buffer in tests. */
export interface CliOutput {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/** What {@link runCli} runs with. */
export interface CliContext {
  readonly argv: readonly string[];
  readonly env: DemoEnv;
  readonly stdout: CliOutput;
  readonly stderr: CliOutput;
  /** Aborting it stops the run (Ctrl-C). */
  readonly signal?: AbortSignal;
  /** Where `--approve` reads its answers (a line per question). */
  readonly stdin?: NodeJS.ReadableStream;
  /** Receives the renderer, so the caller can close it if the process exits early. */
  readonly onRenderer?: (renderer: DemoRenderer) => void;
}

/** Milliseconds between the offline server's chunks when a person is watching a terminal. */
const TERMINAL_PACE_MS = 12;

/**
 * The demo's command line: reads the flags, picks the provider, runs the agent once, and resolves
 * to the exit code — 0 when the run ended with a typed answer, 1 when it stopped without one (the
 * reason is printed), 2 for a command line or environment it cannot run with.
 */
export async function runCli(context: CliContext): Promise<number> {
  const { stdout, stderr, env } = context;
  let connection: Connection | undefined;
  let renderer: DemoRenderer | undefined;
  let tools: DevtoolsObserver | undefined;
  try {
    const flags = parseDemoArgs(context.argv);
    if (flags.help) {
      stdout.write(USAGE);
      return 0;
    }
    const choice = chooseProvider(flags, env);
    const terminal = !flags.json && stdout.isTTY === true ? asTerminal(stdout) : undefined;
    connection = await connect(choice, env, {
      // Paced for a person watching, and with --stream-object, so the object is seen to grow.
      paceMs: terminal === undefined && !flags.streamObject ? 0 : TERMINAL_PACE_MS,
      toolNames: TOOL_NAMES,
    });
    renderer = flags.json
      ? createJsonRenderer(stdout)
      : createTextRenderer({
          out: stdout,
          style: chooseStyle(terminal !== undefined, env),
          streamObject: flags.streamObject,
          ...(terminal === undefined ? {} : { terminal }),
        });
    context.onRenderer?.(renderer);
    if (flags.devtools) {
      // The person's own run on their own machine: content is shown (prompts, answers, tool data).
      tools = await devtools({
        captureContent: true,
        print: (line) => stderr.write(`${line}\n`),
        env: { NODE_ENV: env.NODE_ENV },
      });
    }
    const outcome = await runDemo({
      connection,
      prompt: flags.prompt ?? connection.defaultPrompt,
      renderer,
      ...(context.signal === undefined ? {} : { signal: context.signal }),
      ...(tools === undefined ? {} : { observer: tools }),
      ...(flags.approve ? { approve: terminalApprover(context.stdin, stderr) } : {}),
      ...(flags.streamObject ? { streamObject: true } : {}),
    });
    if (tools !== undefined) await keepOpen(tools, context);
    return outcome.ok ? 0 : 1;
  } catch (error) {
    renderer?.close();
    if (error instanceof UsageError) {
      stderr.write(`aigo-demo: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ChoiceError) {
      stderr.write(`aigo-demo: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    renderer?.close();
    await tools?.close();
    await connection?.close();
  }
}

/** Keeps the devtools page open after the run until Ctrl-C (the context's signal). */
async function keepOpen(tools: DevtoolsObserver, context: CliContext): Promise<void> {
  const signal = context.signal;
  if (signal === undefined || signal.aborted) return;
  context.stderr.write(`aigo devtools: the run is at ${tools.url} — Ctrl-C to stop\n`);
  await new Promise<void>((resolve) =>
    signal.addEventListener('abort', () => resolve(), { once: true }),
  );
}

/** `process.stdout` as the status line's terminal, when it has the size and resize events. */
function asTerminal(output: CliOutput): Terminal | undefined {
  const candidate = output as Partial<Terminal>;
  return typeof candidate.rows === 'number' &&
    typeof candidate.columns === 'number' &&
    typeof candidate.on === 'function' &&
    typeof candidate.off === 'function'
    ? (candidate as Terminal)
    : undefined;
}
