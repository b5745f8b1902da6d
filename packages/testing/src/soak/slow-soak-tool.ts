import { AbortError, type Tool, type ToolCallOptions } from '@aigo/ai';

/** The run context the soak's tool reads: told when the tool starts. */
export interface SlowSoakToolContext {
  onStart?(): void;
}

/**
 * `slow_tool`, the tool of the soak's tool kinds: when called it reports progress (`started`) and
 * calls `context.onStart`, then waits for its signal — it never finishes on its own — and rejects
 * with `AbortError` when the signal aborts (the tool contract). Its input is `{ job: string }`.
 */
export function slowSoakTool(): Tool<SlowSoakToolContext> {
  return {
    name: 'slow_tool',
    description: {
      name: 'slow_tool',
      description: 'Works until the run is cancelled',
      parameters: { type: 'object', properties: { job: { type: 'string' } }, required: ['job'] },
    },
    metrics: undefined,
    call(_argumentsJson: string, options?: ToolCallOptions<SlowSoakToolContext>): Promise<string> {
      return new Promise((_resolve, reject) => {
        const signal = options?.signal;
        options?.onProgress?.({ message: 'started' });
        options?.context?.onStart?.();
        if (signal === undefined) return;
        if (signal.aborted) reject(AbortError.fromSignal(signal));
        else {
          signal.addEventListener('abort', () => reject(AbortError.fromSignal(signal)), {
            once: true,
          });
        }
      });
    },
  };
}
