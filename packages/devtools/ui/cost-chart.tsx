import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import type { CostPoint } from '../src/model/run-model.js';

/** The run's cumulative cost over its time (uPlot: a canvas line, drawn in a few milliseconds). */
export function CumulativeCostChart(props: {
  readonly points: readonly CostPoint[];
  readonly currency: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (element === null) return;
    const xs = props.points.map((point) => point.atMs);
    const ys = props.points.map((point) => point.total);
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 320),
        height: 180,
        legend: { show: false },
        scales: { x: { time: false } },
        axes: [
          {
            label: 'ms since the run started',
            stroke: '#8b949e',
            grid: { stroke: '#30363d' },
            values: (_plot, ticks) => ticks.map((tick) => String(Math.round(tick * 100) / 100)),
          },
          {
            label: props.currency,
            stroke: '#8b949e',
            grid: { stroke: '#30363d' },
            size: 70,
            values: (_plot, ticks) => ticks.map((tick) => tick.toPrecision(3)),
          },
        ],
        series: [
          {},
          { label: 'cost so far', stroke: '#3fb950', width: 2, fill: 'rgba(63,185,80,0.15)' },
        ],
      },
      [xs, ys],
      element,
    );
    return () => plot.destroy();
  }, [props.points, props.currency]);
  return <div class="chart" data-testid="cost-chart" ref={host} />;
}
