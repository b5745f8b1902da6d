import type { Tool, ToolCallOptions, ToolResult } from '@aigo/ai';
import { canonicalJson } from '@aigo/ai';
import type { RecordedToolCall } from './recording-files.js';

/** A tool result's envelope for a call a replay has no recording of: the model reads it. */
function missingEnvelope(tool: string): string {
  return JSON.stringify({
    ok: false,
    error: {
      code: 'not_found',
      message: `no recorded result of ${tool} for these arguments in this run`,
    },
  });
}

/**
 * Records tool calls by run and replays them: in a run, a call of a tool with arguments recorded
 * there gets the recorded output (the first one not yet given); any other call runs the tool and is
 * recorded (`record`) or gets an error envelope, counted as a miss (`replay`).
 */
export class ToolRecorder {
  readonly #mode: 'record' | 'replay';
  readonly #runs = new Map<string, RecordedToolCall[]>();
  readonly #used = new Map<string, Set<number>>();
  #misses = 0;

  constructor(
    mode: 'record' | 'replay',
    runs: { readonly [runId: string]: readonly RecordedToolCall[] },
  ) {
    this.#mode = mode;
    for (const [runId, calls] of Object.entries(runs)) this.#runs.set(runId, [...calls]);
  }

  /** Calls a replay had no recording for. */
  get misses(): number {
    return this.#misses;
  }

  /** The recorded calls of every run (to save). */
  runs(): Record<string, readonly RecordedToolCall[]> {
    return Object.fromEntries(this.#runs);
  }

  /** The tool with its calls recorded and replayed. */
  wrap<T extends Tool>(tool: T): T {
    const { callWithResult: original, ...rest } = tool;
    const name = tool.name;
    const invoke = async (
      argumentsJson: string,
      options?: ToolCallOptions,
    ): Promise<ToolResult> => {
      const runId = options?.runId ?? '';
      const args = canonicalArguments(argumentsJson);
      const found = this.#take(runId, name, args);
      if (found !== undefined) {
        return (found.result as ToolResult | undefined) ?? { output: found.output };
      }
      if (this.#mode === 'replay') {
        this.#misses++;
        return { output: missingEnvelope(name) };
      }
      const result =
        original === undefined
          ? { output: await tool.call(argumentsJson, options) }
          : await original.call(tool, argumentsJson, options);
      const record: RecordedToolCall =
        original === undefined
          ? { tool: name, arguments: args, output: result.output }
          : { tool: name, arguments: args, output: result.output, result };
      this.#record(runId, record);
      return result;
    };
    const wrapped = {
      ...rest,
      call: async (argumentsJson: string, options?: ToolCallOptions) =>
        (await invoke(argumentsJson, options)).output,
      ...(original === undefined ? {} : { callWithResult: invoke }),
    };
    return Object.freeze(wrapped) as unknown as T;
  }

  #take(runId: string, tool: string, args: string): RecordedToolCall | undefined {
    const calls = this.#runs.get(runId);
    if (calls === undefined) return undefined;
    let used = this.#used.get(runId);
    for (let index = 0; index < calls.length; index++) {
      const call = calls[index] as RecordedToolCall;
      if (call.tool !== tool || call.arguments !== args || used?.has(index)) continue;
      if (used === undefined) {
        used = new Set();
        this.#used.set(runId, used);
      }
      used.add(index);
      return call;
    }
    return undefined;
  }

  #record(runId: string, call: RecordedToolCall): void {
    let calls = this.#runs.get(runId);
    if (calls === undefined) {
      calls = [];
      this.#runs.set(runId, calls);
    }
    let used = this.#used.get(runId);
    if (used === undefined) {
      used = new Set();
      this.#used.set(runId, used);
    }
    used.add(calls.length);
    calls.push(call);
  }
}

/** Arguments as canonical JSON (keys sorted), or the raw text when it is not JSON. */
function canonicalArguments(argumentsJson: string): string {
  try {
    return canonicalJson(JSON.parse(argumentsJson === '' ? '{}' : argumentsJson));
  } catch {
    return argumentsJson;
  }
}
