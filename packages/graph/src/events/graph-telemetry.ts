import type { Counter, Histogram, Observer, Span } from '@aigo/ai';
import type { ErrorStrategy } from '../plan/graph-options.js';
import type { GraphPlan } from '../plan/graph-plan.js';
import type { NodeStatus } from '../plan/node-types.js';

/**
 * One execution's spans and metrics: a `graph.execute` span, a `graph.node.execute` span per node
 * that runs (its child), and the node and execution metrics. Made only when there is an observer.
 *
 * The graph's span says the graph's shape — `graph.node.ids` and `graph.edges` (`from->to`, in
 * declaration order) — and what happens to it, as span events: `graph.node.started`
 * (`graph.node.id`), `graph.node.settled` (`graph.node.id`,
 * `graph.node.status`: completed, failed, skipped, suspended) and `graph.edge.settled` (`graph.edge.index`,
 * `graph.edge.from`, `graph.edge.to`, `graph.edge.active`), so an observer can draw the run.
 */
export class GraphTelemetry {
  readonly #observer: Observer;
  readonly #plan: GraphPlan;
  readonly #span: Span;
  readonly #nodeCount: Counter;
  readonly #nodeDuration: Histogram;
  readonly #executionDuration: Histogram;

  constructor(
    observer: Observer,
    plan: GraphPlan,
    errorStrategy: ErrorStrategy,
    parent: Span | undefined,
  ) {
    this.#observer = observer;
    this.#plan = plan;
    this.#span = observer.startSpan('graph.execute', {
      ...(parent === undefined ? {} : { parent }),
      attributes: {
        'graph.total_nodes': plan.ids.length,
        'graph.error_strategy': errorStrategy,
        'graph.output_node': plan.ids[plan.output],
        'graph.node.ids': plan.ids,
        'graph.edges': Array.from(
          plan.edgeFrom,
          (from, edge) => `${plan.ids[from]}->${plan.ids[plan.edgeTo[edge] as number]}`,
        ),
      },
    });
    this.#nodeCount = observer.counter('aigo.graph.node.count', {
      description: 'Graph nodes settled, by status',
    });
    this.#nodeDuration = observer.histogram('aigo.graph.node.duration', { unit: 's' });
    this.#executionDuration = observer.histogram('aigo.graph.execution.duration', { unit: 's' });
  }

  /** Starts a node's span, a child of the graph's. */
  startNode(node: number): Span {
    const plan = this.#plan;
    const parents: string[] = [];
    const end = plan.parentOffsets[node + 1] as number;
    for (let k = plan.parentOffsets[node] as number; k < end; k++) {
      parents.push(plan.ids[plan.edgeFrom[plan.parentEdges[k] as number] as number] as string);
    }
    this.#span.addEvent('graph.node.started', { 'graph.node.id': plan.ids[node] as string });
    return this.#observer.startSpan('graph.node.execute', {
      parent: this.#span,
      attributes: {
        'graph.node.id': plan.ids[node] as string,
        'graph.node.dependencies': parents,
      },
    });
  }

  /** Ends the span of a node that ran, and records its duration and count. */
  endNode(
    node: number,
    span: Span | undefined,
    status: 'completed' | 'failed' | 'suspended',
    attempts: number,
    durationMs: number,
    error: unknown,
  ): void {
    if (span !== undefined) {
      span.setAttributes({ 'graph.node.status': status, 'graph.node.attempts': attempts });
      if (status === 'failed') {
        span.recordError(error);
        span.setStatus('error', error instanceof Error ? error.message : String(error));
      } else {
        span.setStatus('ok');
      }
      span.end();
    }
    this.#nodeDuration.record(durationMs / 1000, {
      'graph.node.id': this.#plan.ids[node] as string,
      'graph.node.status': status,
    });
    this.count(node, status);
  }

  /** Counts a settled node (skipped nodes, and failures without a span, come here directly). */
  count(node: number, status: NodeStatus): void {
    this.#span.addEvent('graph.node.settled', {
      'graph.node.id': this.#plan.ids[node] as string,
      'graph.node.status': status,
    });
    this.#nodeCount.add(1, {
      'graph.node.id': this.#plan.ids[node] as string,
      'graph.node.status': status,
    });
  }

  /** Records that an edge settled: active (its target may run) or not. */
  edgeSettled(edge: number, active: boolean): void {
    const plan = this.#plan;
    this.#span.addEvent('graph.edge.settled', {
      'graph.edge.index': edge,
      'graph.edge.from': plan.ids[plan.edgeFrom[edge] as number] as string,
      'graph.edge.to': plan.ids[plan.edgeTo[edge] as number] as string,
      'graph.edge.active': active,
    });
  }

  /** Ends the graph's span and records the execution's duration. */
  end(status: 'completed' | 'partial' | 'failed' | 'suspended', durationMs: number): void {
    this.#span.setAttributes({ 'graph.status': status });
    this.#span.setStatus(status === 'failed' ? 'error' : 'ok');
    this.#span.end();
    this.#executionDuration.record(durationMs / 1000, { 'graph.status': status });
  }
}
