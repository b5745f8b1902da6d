import dagre from '@dagrejs/dagre';
import type { GraphView } from '../src/model/run-model.js';

/** The colour of each node status. */
export const NODE_COLOURS = Object.freeze({
  pending: '#6e7681',
  running: '#d29922',
  done: '#2ea043',
  failed: '#da3633',
  skipped: '#8957e5',
} as const);

const NODE_WIDTH = 130;
const NODE_HEIGHT = 40;

/** A graph run drawn as a graph: laid out by dagre, nodes coloured by status as they change. */
export function GraphDrawing(props: { readonly graph: GraphView }) {
  const layout = new dagre.graphlib.Graph();
  layout.setGraph({ rankdir: 'LR', nodesep: 24, ranksep: 60, marginx: 12, marginy: 12 });
  layout.setDefaultEdgeLabel(() => ({}));
  for (const node of props.graph.nodes) {
    layout.setNode(node.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  }
  for (const edge of props.graph.edges) layout.setEdge(edge.from, edge.to);
  dagre.layout(layout);
  const size = layout.graph();
  const width = Math.max(size.width ?? 0, 200);
  const height = Math.max(size.height ?? 0, 60);
  return (
    <figure class="graph" data-testid="graph-view">
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img">
        <title>graph run</title>
        <defs>
          <marker
            id="arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto"
          >
            <path d="M0,0 L10,5 L0,10 z" fill="#8b949e" />
          </marker>
        </defs>
        {props.graph.edges.map((edge, index) => {
          const label = layout.edge(edge.from, edge.to) as
            | { readonly points?: readonly { readonly x: number; readonly y: number }[] }
            | undefined;
          const points = label?.points ?? [];
          const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x},${p.y}`).join(' ');
          return (
            <path
              key={index}
              d={d}
              class={`edge edge-${edge.active === undefined ? 'open' : edge.active ? 'active' : 'inactive'}`}
              data-testid="graph-edge"
              marker-end="url(#arrow)"
            />
          );
        })}
        {props.graph.nodes.map((node) => {
          const at = layout.node(node.id);
          const colour = NODE_COLOURS[node.status];
          return (
            <g
              key={node.id}
              data-testid="graph-node"
              data-node-id={node.id}
              data-status={node.status}
            >
              <rect
                x={at.x - NODE_WIDTH / 2}
                y={at.y - NODE_HEIGHT / 2}
                width={NODE_WIDTH}
                height={NODE_HEIGHT}
                rx={6}
                fill={colour}
                stroke={node.id === props.graph.output ? '#f0f6fc' : 'none'}
                stroke-width={2}
              />
              <text x={at.x} y={at.y - 2} text-anchor="middle" class="node-id">
                {node.id}
              </text>
              <text x={at.x} y={at.y + 13} text-anchor="middle" class="node-status">
                {node.status}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        {Object.entries(NODE_COLOURS).map(([status, colour]) => (
          <span key={status} class="legend">
            <span class="swatch" style={{ background: colour }} /> {status}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
