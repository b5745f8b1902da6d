import type { ExperimentProgress } from '../experiment/experiment-options.js';
import { formatMoney } from './format-figures.js';

/** Where progress lines go: a terminal (redrawn in place) or a log (one line now and then). */
export interface ProgressTarget {
  write(text: string): unknown;
  readonly isTTY?: boolean;
}

/**
 * An `onProgress` callback that shows `name  12/30 runs  $0.0041  ETA 8s` on `target`: redrawn in
 * place on a terminal (at most every 100 ms), a plain line every 10 % elsewhere. Call `done()` to
 * end the line.
 */
export function progressReporter(
  target: ProgressTarget,
  currency = 'USD',
): { readonly onProgress: (progress: ExperimentProgress) => void; done(): void } {
  let lastDraw = 0;
  let lastShare = -1;
  let drawn = false;
  const line = (progress: ExperimentProgress): string => {
    const total = progress.runsTotal === undefined ? '' : `/${progress.runsTotal}`;
    const eta = progress.etaMs === undefined ? '' : `  ETA ${Math.ceil(progress.etaMs / 1000)}s`;
    return `${progress.experiment}  ${progress.runsDone}${total} runs  ${formatMoney(progress.cost, currency)}${eta}`;
  };
  return {
    onProgress(progress) {
      if (target.isTTY === true) {
        const now = performance.now();
        const last = progress.runsTotal !== undefined && progress.runsDone >= progress.runsTotal;
        if (!last && now - lastDraw < 100) return;
        lastDraw = now;
        drawn = true;
        target.write(`\r\x1b[2K${line(progress)}`);
        return;
      }
      if (progress.runsTotal === undefined) return;
      const share = Math.floor((progress.runsDone / progress.runsTotal) * 10);
      if (share === lastShare) return;
      lastShare = share;
      target.write(`${line(progress)}\n`);
    },
    done() {
      if (drawn) target.write('\n');
      drawn = false;
    },
  };
}
