import type { Client } from '@aigo/client';
import { GraphValidationError } from '../graph-errors.js';
import type { EdgeCondition, NodeExecutor, NodeFunction, RetryOptions } from './node-types.js';

/** A node as `addNode` recorded it (options checked). */
export interface NodeDefinition {
  readonly id: string;
  /** A plain function (its value is the output) or an executor (resolves to a `NodeResult`). */
  readonly executor: NodeFunction | NodeExecutor;
  readonly isFunction: boolean;
  readonly client: Client | undefined;
  readonly timeout: number | undefined;
  readonly params: Readonly<Record<string, unknown>>;
  readonly retry: RetryOptions | undefined;
  readonly joinAny: boolean;
}

/** An edge as `addEdge` recorded it. */
export interface EdgeDefinition {
  readonly from: string;
  readonly to: string;
  readonly condition: EdgeCondition | undefined;
}

/**
 * A validated graph in the form the scheduler runs: nodes by index, edges in compressed adjacency
 * arrays (children and parents of node `i` are the edges `offsets[i]…offsets[i+1]`). Immutable;
 * shared by every execution of one version of the graph.
 */
export interface GraphPlan {
  readonly ids: readonly string[];
  readonly nodes: readonly NodeDefinition[];
  readonly output: number;
  readonly edgeFrom: Int32Array;
  readonly edgeTo: Int32Array;
  readonly conditions: readonly (EdgeCondition | undefined)[];
  readonly hasConditions: boolean;
  readonly childOffsets: Int32Array;
  readonly childEdges: Int32Array;
  readonly parentOffsets: Int32Array;
  readonly parentEdges: Int32Array;
  readonly inDegree: Int32Array;
  /** Nodes without parents, in insertion order. */
  readonly roots: Int32Array;
}

const quote = (id: string): string => JSON.stringify(id);
const list = (ids: readonly string[]): string => ids.map(quote).join(', ');

/**
 * Checks the graph and compiles it: every edge's endpoints exist, the output node exists, there is
 * no cycle, and the output node is reachable from every node. O(nodes + edges).
 *
 * @throws GraphValidationError naming the culprit.
 */
export function compileGraph(
  nodes: ReadonlyMap<string, NodeDefinition>,
  edges: readonly EdgeDefinition[],
  outputNodeId: string,
): GraphPlan {
  const ids = [...nodes.keys()];
  const definitions = [...nodes.values()];
  const index = new Map<string, number>();
  for (let i = 0; i < ids.length; i++) index.set(ids[i] as string, i);
  const n = ids.length;
  const m = edges.length;

  const edgeFrom = new Int32Array(m);
  const edgeTo = new Int32Array(m);
  const conditions: (EdgeCondition | undefined)[] = new Array(m);
  const outDegree = new Int32Array(n);
  const inDegree = new Int32Array(n);
  let hasConditions = false;
  for (let e = 0; e < m; e++) {
    const edge = edges[e] as EdgeDefinition;
    const from = index.get(edge.from);
    const to = index.get(edge.to);
    if (from === undefined || to === undefined) {
      const missing = from === undefined ? edge.from : edge.to;
      throw new GraphValidationError(
        'unknown_node',
        `edge ${quote(edge.from)} → ${quote(edge.to)} references unknown node ${quote(missing)}`,
        [missing],
      );
    }
    edgeFrom[e] = from;
    edgeTo[e] = to;
    conditions[e] = edge.condition;
    if (edge.condition !== undefined) hasConditions = true;
    outDegree[from] = (outDegree[from] as number) + 1;
    inDegree[to] = (inDegree[to] as number) + 1;
  }

  const output = index.get(outputNodeId);
  if (output === undefined) {
    throw new GraphValidationError(
      n === 0 ? 'empty_graph' : 'missing_output_node',
      n === 0
        ? `it has no nodes (the output node ${quote(outputNodeId)} was never added)`
        : `the output node ${quote(outputNodeId)} was never added (nodes: ${list(ids.slice(0, 10))}${n > 10 ? ', …' : ''})`,
      [outputNodeId],
    );
  }

  const childOffsets = offsets(outDegree);
  const parentOffsets = offsets(inDegree);
  const childEdges = new Int32Array(m);
  const parentEdges = new Int32Array(m);
  const childFill = childOffsets.slice(0, n);
  const parentFill = parentOffsets.slice(0, n);
  for (let e = 0; e < m; e++) {
    const from = edgeFrom[e] as number;
    const to = edgeTo[e] as number;
    childEdges[childFill[from] as number] = e;
    childFill[from] = (childFill[from] as number) + 1;
    parentEdges[parentFill[to] as number] = e;
    parentFill[to] = (parentFill[to] as number) + 1;
  }

  // Kahn's algorithm: every node is removed exactly when it has no parent left, unless on a cycle.
  const remaining = inDegree.slice();
  const queue = new Int32Array(n);
  let tail = 0;
  for (let i = 0; i < n; i++) if (remaining[i] === 0) queue[tail++] = i;
  const roots = queue.slice(0, tail);
  for (let head = 0; head < tail; head++) {
    const node = queue[head] as number;
    for (let k = childOffsets[node] as number; k < (childOffsets[node + 1] as number); k++) {
      const child = edgeTo[childEdges[k] as number] as number;
      const left = (remaining[child] as number) - 1;
      remaining[child] = left;
      if (left === 0) queue[tail++] = child;
    }
  }
  if (tail < n) {
    const cycle = findCycle(remaining, parentOffsets, parentEdges, edgeFrom);
    const path = cycle.map((i) => ids[i] as string);
    throw new GraphValidationError('cycle', `it has a cycle: ${path.map(quote).join(' → ')}`, path);
  }

  // Every node must lead to the output node: walk the parents back from it.
  const reaches = new Uint8Array(n);
  reaches[output] = 1;
  tail = 0;
  queue[tail++] = output;
  for (let head = 0; head < tail; head++) {
    const node = queue[head] as number;
    for (let k = parentOffsets[node] as number; k < (parentOffsets[node + 1] as number); k++) {
      const parent = edgeFrom[parentEdges[k] as number] as number;
      if (reaches[parent] === 0) {
        reaches[parent] = 1;
        queue[tail++] = parent;
      }
    }
  }
  if (tail < n) {
    const stranded: string[] = [];
    for (let i = 0; i < n; i++) if (reaches[i] === 0) stranded.push(ids[i] as string);
    throw new GraphValidationError(
      'unreachable_output_node',
      `the output node ${quote(outputNodeId)} is unreachable from ${list(stranded.slice(0, 10))}${stranded.length > 10 ? `, … (${stranded.length} nodes)` : ''}: no path of edges leads from them to it, so their work could never reach the result`,
      stranded,
    );
  }

  return {
    ids,
    nodes: definitions,
    output,
    edgeFrom,
    edgeTo,
    conditions,
    hasConditions,
    childOffsets,
    childEdges,
    parentOffsets,
    parentEdges,
    inDegree,
    roots,
  };
}

function offsets(degrees: Int32Array): Int32Array {
  const result = new Int32Array(degrees.length + 1);
  for (let i = 0; i < degrees.length; i++) {
    result[i + 1] = (result[i] as number) + (degrees[i] as number);
  }
  return result;
}

/**
 * A cycle among the nodes Kahn's algorithm could not remove (`remaining > 0`), as a path whose
 * first node is repeated at the end. Every such node has a parent that is also such a node, so
 * walking parents from any of them must come back to a node already seen: that loop is a cycle.
 */
function findCycle(
  remaining: Int32Array,
  parentOffsets: Int32Array,
  parentEdges: Int32Array,
  edgeFrom: Int32Array,
): number[] {
  let start = 0;
  while (remaining[start] === 0) start++;
  const seenAt = new Map<number, number>();
  const walk: number[] = [];
  let node = start;
  while (!seenAt.has(node)) {
    seenAt.set(node, walk.length);
    walk.push(node);
    let next = -1;
    for (let k = parentOffsets[node] as number; k < (parentOffsets[node + 1] as number); k++) {
      const parent = edgeFrom[parentEdges[k] as number] as number;
      if ((remaining[parent] as number) > 0) {
        next = parent;
        break;
      }
    }
    node = next;
  }
  // walk[seenAt(node)…] follows parents; reversed, it follows edges. Start at the earliest added.
  const loop = walk.slice(seenAt.get(node)).reverse();
  let first = 0;
  for (let k = 1; k < loop.length; k++)
    if ((loop[k] as number) < (loop[first] as number)) first = k;
  const path = [...loop.slice(first), ...loop.slice(0, first)];
  path.push(path[0] as number);
  return path;
}
