import { addUsage, type Usage } from '@aigo/ai';
import type { Middleware } from '@aigo/client';

/** Reports each model call's usage the moment it is known. */
export type UsageListener = (usage: Usage) => void;

/**
 * A client middleware that reports the usage of every model call as soon as the provider sends it,
 * so the progress line can count tokens while the run goes on (the run's overview only arrives at
 * the end). On streams it adds synchronous hooks to the `ChatStream` and returns the same stream, as
 * every aigo stream middleware does: it costs one function call per event.
 */
export function usageMeter(
  onUsage: UsageListener,
): Middleware & { readonly total: () => Usage | undefined } {
  let total: Usage | undefined;
  const record = (usage: Usage | undefined): void => {
    if (usage === undefined) return;
    total = addUsage(total, usage);
    onUsage(usage);
  };
  return {
    name: 'usage-meter',
    total: () => total,
    async send(request, options, next) {
      const response = await next(request, options);
      record(response.usage);
      return response;
    },
    async stream(request, options, next) {
      const stream = await next(request, options);
      stream.addHooks({ onFinish: (response) => record(response.usage) });
      return stream;
    },
  };
}
