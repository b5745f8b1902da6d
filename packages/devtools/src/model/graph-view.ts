import type { MutableSpan } from './recorded-run.js';
import type { GraphNodeStatus, GraphView } from './run-model.js';

/**
 * A graph run's shape and the status of each node, from its `graph.execute` span: the nodes and
 * edges it names (`graph.node.ids`, `graph.edges`) and its `graph.node.started`,
 * `graph.node.settled` and `graph.edge.settled` events, in order. Nodes no event reached are
 * pending; a node still pending when the run ended stays pending.
 */
export function graphView(root: MutableSpan): GraphView | undefined {
  if (root.kind !== 'graph') return undefined;
  const ids = root.attributes['graph.node.ids'];
  if (!Array.isArray(ids)) return undefined;
  const status = new Map<string, GraphNodeStatus>();
  for (const id of ids) if (typeof id === 'string') status.set(id, 'pending');
  const edges = (
    Array.isArray(root.attributes['graph.edges']) ? root.attributes['graph.edges'] : []
  )
    .filter((edge): edge is string => typeof edge === 'string')
    .map((edge) => {
      const at = edge.indexOf('->');
      return {
        from: edge.slice(0, at),
        to: edge.slice(at + 2),
        active: undefined as boolean | undefined,
      };
    });
  for (const event of root.events) {
    const id = event.attributes['graph.node.id'];
    if (event.name === 'graph.node.started' && typeof id === 'string') {
      status.set(id, 'running');
    } else if (event.name === 'graph.node.settled' && typeof id === 'string') {
      const settled = event.attributes['graph.node.status'];
      status.set(
        id,
        settled === 'completed' ? 'done' : settled === 'skipped' ? 'skipped' : 'failed',
      );
    } else if (event.name === 'graph.edge.settled') {
      const index = event.attributes['graph.edge.index'];
      const edge = typeof index === 'number' ? edges[index] : undefined;
      if (edge !== undefined) edge.active = event.attributes['graph.edge.active'] === true;
    }
  }
  const output = root.attributes['graph.output_node'];
  return {
    nodes: [...status].map(([id, nodeStatus]) => ({ id, status: nodeStatus })),
    edges,
    output: typeof output === 'string' ? output : undefined,
  };
}
