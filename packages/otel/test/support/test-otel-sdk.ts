// An OpenTelemetry SDK set up in memory for tests: spans through a simple processor into the
// in-memory exporter, metrics through a reader the test collects by hand (no timers).
import type { AttributeValue as OtelAttributeValue } from '@opentelemetry/api';
import {
  type DataPoint,
  type Histogram,
  MeterProvider,
  MetricReader,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  type Sampler,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';

/** A metric reader that collects only when asked. */
class ManualMetricReader extends MetricReader {
  protected async onShutdown(): Promise<void> {}
  protected async onForceFlush(): Promise<void> {}
}

/** A span of the finished tree: name, kind and attributes, children in start order. */
export interface SpanNode {
  readonly span: ReadableSpan;
  readonly name: string;
  readonly children: SpanNode[];
}

/** One data point of a collected metric. */
export interface Point {
  readonly attributes: Record<string, OtelAttributeValue | undefined>;
  readonly value: number | Histogram;
}

export function otelSdk(options: { sampler?: Sampler } = {}) {
  const exporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({
    spanProcessors: [new SimpleSpanProcessor(exporter)],
    ...(options.sampler === undefined ? {} : { sampler: options.sampler }),
  });
  const reader = new ManualMetricReader();
  const meterProvider = new MeterProvider({ readers: [reader] });
  const tracer = tracerProvider.getTracer('aigo-test');
  const meter = meterProvider.getMeter('aigo-test');

  const spans = (): ReadableSpan[] => exporter.getFinishedSpans();

  /** The finished spans as trees (roots first), children sorted by start time. */
  const tree = (): SpanNode[] => {
    const nodes = new Map<string, SpanNode>();
    for (const span of spans()) {
      nodes.set(span.spanContext().spanId, { span, name: span.name, children: [] });
    }
    const roots: SpanNode[] = [];
    for (const node of nodes.values()) {
      const parentId = node.span.parentSpanContext?.spanId;
      const parent = parentId === undefined ? undefined : nodes.get(parentId);
      if (parent === undefined) roots.push(node);
      else parent.children.push(node);
    }
    const order = (list: SpanNode[]) => {
      list.sort((a, b) => compareStart(a.span, b.span));
      for (const node of list) order(node.children);
    };
    order(roots);
    return roots;
  };

  /** Names of the tree, as nested arrays: `['invoke_agent', ['chat m', 'execute_tool t']]`. */
  const shape = (nodes: SpanNode[] = tree()): unknown[] =>
    nodes.flatMap((node) =>
      node.children.length === 0 ? [node.name] : [node.name, shape(node.children)],
    );

  const collect = async (): Promise<ResourceMetrics> => (await reader.collect()).resourceMetrics;

  /** The data points of one metric, by name. */
  const points = async (name: string): Promise<Point[]> => {
    const collected = await collect();
    const result: Point[] = [];
    for (const scope of collected.scopeMetrics) {
      for (const metric of scope.metrics) {
        if (metric.descriptor.name !== name) continue;
        for (const point of metric.dataPoints as DataPoint<number | Histogram>[]) {
          result.push({ attributes: { ...point.attributes }, value: point.value });
        }
      }
    }
    return result;
  };

  const shutdown = async () => {
    await tracerProvider.shutdown();
    await meterProvider.shutdown();
  };

  return {
    exporter,
    tracerProvider,
    meterProvider,
    tracer,
    meter,
    spans,
    tree,
    shape,
    collect,
    points,
    shutdown,
  };
}

function compareStart(a: ReadableSpan, b: ReadableSpan): number {
  return a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1];
}

/** The histogram value of a data point (throws when the point is missing or not a histogram). */
export function histogramOf(point: Point | undefined): Histogram {
  if (point === undefined || typeof point.value === 'number') {
    throw new Error(`expected a histogram data point, got ${JSON.stringify(point)}`);
  }
  return point.value;
}
