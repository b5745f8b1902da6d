import type { AttributeValue } from '@aigo/ai';
import type { SpanRecord } from '../src/model/run-model.js';
import { count, duration, money } from './format.js';

type Attrs = { readonly [name: string]: AttributeValue };

const num = (a: Attrs, key: string): number | undefined =>
  typeof a[key] === 'number' ? (a[key] as number) : undefined;
const str = (a: Attrs, key: string): string | undefined =>
  typeof a[key] === 'string' ? (a[key] as string) : undefined;

/** JSON text shown pretty when it parses, as it is otherwise — always as text, never as HTML. */
function Content(props: { readonly label: string; readonly text: string | undefined }) {
  if (props.text === undefined) return null;
  let shown = props.text;
  try {
    shown = JSON.stringify(JSON.parse(props.text), null, 2);
  } catch {
    // Not JSON: shown as it is.
  }
  return (
    <div class="content">
      <h4>{props.label}</h4>
      <pre data-testid="span-content">{shown}</pre>
    </div>
  );
}

/**
 * A retrieval's stages, in the order they ran: each one's duration and what it counted (chunks
 * found, candidates ranked, chunks kept).
 */
function RetrievalStages(props: { readonly attributes: Attrs }) {
  const a = props.attributes;
  const stages = Array.isArray(a['aigo.retrieval.stages'])
    ? (a['aigo.retrieval.stages'] as readonly unknown[]).filter(
        (stage): stage is string => typeof stage === 'string',
      )
    : [];
  if (stages.length === 0) return null;
  return (
    <div class="content">
      <h4>stages</h4>
      <table class="kv" data-testid="retrieval-stages">
        <tbody>
          {stages.map((stage) => {
            const ms = num(a, `aigo.retrieval.${stage}.duration_ms`);
            const found = num(a, `aigo.retrieval.${stage}.count`);
            return (
              <tr key={stage}>
                <th>{stage}</th>
                <td>
                  {ms === undefined ? '' : duration(ms)}
                  {found === undefined ? '' : ` · ${count(found)}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What one span did: a model call's model, tokens, cost and price source, its request messages and
 * answer (with content capture; counts only otherwise); a tool call's arguments and result; a
 * retrieval's stages.
 */
export function SpanDetail(props: {
  readonly span: SpanRecord;
  readonly captureContent: boolean;
  readonly now: number;
}) {
  const { span } = props;
  const a = span.attributes;
  const ms = (span.end ?? props.now) - span.start;
  const currency = str(a, 'aigo.cost.currency') ?? 'USD';
  const cost = num(a, 'aigo.cost.total');
  const rows: [string, string][] = [
    ['kind', span.kind],
    [
      'status',
      span.statusMessage === undefined ? span.status : `${span.status}: ${span.statusMessage}`,
    ],
    ['duration', duration(ms)],
  ];
  const model = str(a, 'gen_ai.response.model') ?? str(a, 'gen_ai.request.model');
  if (span.kind === 'model' && model !== undefined) rows.push(['model', model]);
  const input = num(a, 'gen_ai.usage.input_tokens');
  const output = num(a, 'gen_ai.usage.output_tokens');
  if (input !== undefined) rows.push(['input tokens', count(input)]);
  const cached = num(a, 'aigo.usage.cached_tokens');
  if (cached !== undefined) rows.push(['cached tokens', count(cached)]);
  if (output !== undefined) rows.push(['output tokens', count(output)]);
  const reasoning = num(a, 'aigo.usage.reasoning_tokens');
  if (reasoning !== undefined) rows.push(['reasoning tokens', count(reasoning)]);
  if (cost !== undefined) rows.push(['cost', money(cost, currency)]);
  const source = str(a, 'aigo.cost.price_source');
  if (source !== undefined) {
    const from = [source, str(a, 'aigo.cost.price_provider'), str(a, 'aigo.cost.price_date')];
    rows.push(['price source', from.filter((part) => part !== undefined).join(' ')]);
  }
  const tool = str(a, 'gen_ai.tool.name');
  if (tool !== undefined) rows.push(['tool', tool]);
  const node = str(a, 'graph.node.id');
  if (node !== undefined) rows.push(['node', node]);
  if (span.kind === 'retrieval') {
    const retriever = str(a, 'aigo.retrieval.retriever');
    if (retriever !== undefined) rows.push(['retriever', retriever]);
    const query = str(a, 'aigo.retrieval.query');
    if (query !== undefined) rows.push(['query', query]);
    const results = num(a, 'aigo.retrieval.results');
    if (results !== undefined) rows.push(['chunks returned', count(results)]);
    const reranker = str(a, 'aigo.rerank.provider');
    if (reranker !== undefined)
      rows.push(['reranker', [reranker, str(a, 'aigo.rerank.model')].filter(Boolean).join(' ')]);
    const tokens = num(a, 'aigo.rerank.tokens');
    if (tokens !== undefined) rows.push(['rerank tokens', count(tokens)]);
    const units = num(a, 'aigo.rerank.search_units');
    if (units !== undefined) rows.push(['rerank search units', count(units)]);
  }
  const hasContent = span.kind === 'model' || span.kind === 'tool';
  return (
    <section class="span-detail" data-testid="span-detail" data-span-id={span.id}>
      <h3>{span.name}</h3>
      <table class="kv">
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={key}>
              <th>{key}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hasContent && !props.captureContent ? (
        <p class="note" data-testid="no-content">
          Content capture is off: counts only. Start the devtools with captureContent: true to see
          messages, arguments and results.
        </p>
      ) : null}
      {span.kind === 'model' ? (
        <>
          <Content label="system" text={str(a, 'gen_ai.system_instructions')} />
          <Content label="request messages" text={str(a, 'gen_ai.input.messages')} />
          <Content label="answer" text={str(a, 'gen_ai.output.messages')} />
        </>
      ) : null}
      {span.kind === 'retrieval' ? <RetrievalStages attributes={a} /> : null}
      {span.kind === 'tool' ? (
        <>
          <Content label="arguments" text={str(a, 'gen_ai.tool.call.arguments')} />
          <Content label="result" text={str(a, 'gen_ai.tool.call.result')} />
        </>
      ) : null}
      {span.events.length > 0 ? (
        <details>
          <summary>{span.events.length} events</summary>
          <ul class="events">
            {span.events.map((event, index) => (
              <li key={index}>
                {event.name} {JSON.stringify(event.attributes)}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
