import type { SpanRecord } from '../src/model/run-model.js';
import { duration } from './format.js';

/** The spans in tree order (parents before their children, siblings by start), with their depth. */
export function treeOrder(spans: readonly SpanRecord[]): { span: SpanRecord; depth: number }[] {
  const children = new Map<string | undefined, SpanRecord[]>();
  const ids = new Set(spans.map((span) => span.id));
  for (const span of spans) {
    const parent =
      span.parentId !== undefined && ids.has(span.parentId) ? span.parentId : undefined;
    const list = children.get(parent) ?? [];
    list.push(span);
    children.set(parent, list);
  }
  const ordered: { span: SpanRecord; depth: number }[] = [];
  const visit = (parent: string | undefined, depth: number): void => {
    const list = (children.get(parent) ?? []).sort((a, b) => a.start - b.start);
    for (const span of list) {
      ordered.push({ span, depth });
      visit(span.id, depth + 1);
    }
  };
  visit(undefined, 0);
  return ordered;
}

/** The span events the waterfall marks on a bar: a guardrail that tripped, a tool call denied. */
const MARKED_EVENTS: Readonly<Record<string, string>> = {
  'aigo.guardrail.tripped': 'guardrail',
  'aigo.tool.denied': 'denied',
};

/** What a mark's tooltip says: the guardrail (or tool) and why. */
function markTitle(kind: string, attributes: SpanRecord['events'][number]['attributes']): string {
  const reason = attributes['aigo.guardrail.reason'] ?? attributes['aigo.tool.denied.reason'];
  const what =
    kind === 'guardrail'
      ? `Guardrail ${String(attributes['aigo.guardrail.name'] ?? '')} tripped (${String(attributes['aigo.guardrail.action'] ?? 'stop')})`
      : `Tool ${String(attributes['gen_ai.tool.name'] ?? '')} denied`;
  return reason === undefined ? what : `${what}: ${String(reason)}`;
}

/** A span's row label: graph nodes by their id. */
function labelOf(span: SpanRecord): string {
  const node = span.attributes['graph.node.id'];
  return span.kind === 'node' && typeof node === 'string' ? `node ${node}` : span.name;
}

/**
 * The span waterfall: one row per span (agent → model calls → tool calls; graph → nodes → their
 * calls), a bar from its start to its end on the run's time axis, its duration beside it. A running
 * span's bar reaches now. A guardrail that tripped and a tool call `authorizeTool` denied are marks
 * on their span's row, at their time.
 */
export function Waterfall(props: {
  readonly spans: readonly SpanRecord[];
  readonly runStart: number;
  readonly runEnd: number;
  readonly selected: string | undefined;
  readonly onSelect: (id: string) => void;
}) {
  const total = Math.max(props.runEnd - props.runStart, 0.001);
  return (
    <div class="waterfall" data-testid="waterfall">
      {treeOrder(props.spans).map(({ span, depth }) => {
        const end = span.end ?? props.runEnd;
        const ms = Math.max(0, end - span.start);
        const left = ((span.start - props.runStart) / total) * 100;
        const width = Math.max((ms / total) * 100, 0.4);
        return (
          <button
            type="button"
            key={span.id}
            class={`wf-row ${span.id === props.selected ? 'selected' : ''}`}
            onClick={() => props.onSelect(span.id)}
          >
            <span class="wf-label" style={{ paddingLeft: `${depth * 14 + 4}px` }} title={span.name}>
              {labelOf(span)}
            </span>
            <span class="wf-track">
              <span
                class={`wf-bar bar-${span.kind} bar-${span.status}`}
                data-testid="waterfall-bar"
                data-span-id={span.id}
                data-kind={span.kind}
                data-status={span.status}
                data-duration-ms={String(ms)}
                style={{ left: `${Math.min(left, 99.6)}%`, width: `${width}%` }}
              />
              {span.events.map((event, index) => {
                const kind = MARKED_EVENTS[event.name];
                if (kind === undefined) return null;
                const at = ((event.time - props.runStart) / total) * 100;
                return (
                  <span
                    key={`${span.id}-${index}`}
                    class={`wf-mark mark-${kind}`}
                    data-testid="waterfall-mark"
                    data-mark={kind}
                    title={markTitle(kind, event.attributes)}
                    style={{ left: `${Math.min(Math.max(at, 0), 99.6)}%` }}
                  />
                );
              })}
              <span class="wf-duration" data-testid="waterfall-duration">
                {span.status === 'running' ? `${duration(ms)}…` : duration(ms)}
              </span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
