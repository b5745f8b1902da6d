import type { DemoEvent, DemoRenderer } from '../demo-events.js';

/**
 * `--json`: every event as one JSON object per line (JSON Lines), nothing else on the output — for
 * scripts and tests. The stream of `reasoning` and `content` events is the model's text as it
 * arrived, fragment by fragment.
 */
export function createJsonRenderer(out: { write(text: string): unknown }): DemoRenderer {
  return {
    event(event: DemoEvent): void {
      out.write(`${JSON.stringify(event)}\n`);
    },
    close(): void {},
  };
}
