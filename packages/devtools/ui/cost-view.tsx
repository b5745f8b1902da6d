import type { RunCost } from '../src/model/run-model.js';
import { CumulativeCostChart } from './cost-chart.js';
import { count, money } from './format.js';

/** A number cell that also holds the exact value (`data-value`), for tests and copy-paste. */
function Amount(props: {
  readonly value: number;
  readonly currency: string;
  readonly field: string;
}) {
  return (
    <td class="num" data-field={props.field} data-value={String(props.value)}>
      {money(props.value, props.currency)}
    </td>
  );
}

function Tokens(props: { readonly value: number; readonly field: string; readonly rate?: number }) {
  return (
    <td class="num" data-field={props.field} data-value={String(props.value)}>
      {count(props.value)}
      {props.rate === undefined ? null : <span class="rate"> @ {props.rate}/M</span>}
    </td>
  );
}

/**
 * What a run cost: per model (input, cached and reasoning tokens at their rates, output), per tool
 * and compute, as a table; the share of each kind as bars; the cumulative cost over the run's time.
 */
export function CostView(props: { readonly cost: RunCost }) {
  const { cost } = props;
  const c = cost.currency;
  const parts = [
    ...cost.byModel.map((row) => ({ label: row.model, value: row.totalCost })),
    ...cost.byTool.map((row) => ({ label: `tool ${row.tool}`, value: row.cost })),
    { label: 'compute', value: cost.computeCost },
  ].filter((part) => part.value > 0);
  const largest = Math.max(...parts.map((part) => part.value), Number.MIN_VALUE);
  return (
    <section class="cost" data-testid="cost-view">
      <table class="cost-table" data-testid="cost-table">
        <thead>
          <tr>
            <th>model</th>
            <th class="num">calls</th>
            <th class="num">input tokens</th>
            <th class="num">cached</th>
            <th class="num">output</th>
            <th class="num">reasoning</th>
            <th class="num">input cost</th>
            <th class="num">cached cost</th>
            <th class="num">output cost</th>
            <th class="num">reasoning cost</th>
            <th class="num">total</th>
            <th>price source</th>
          </tr>
        </thead>
        <tbody>
          {cost.byModel.map((row) => (
            <tr key={row.model} data-testid="cost-model-row" data-model={row.model}>
              <td>{row.model}</td>
              <td class="num" data-field="requests" data-value={String(row.requests)}>
                {row.requests}
                {row.unpricedRequests > 0 ? ` (${row.unpricedRequests} unpriced)` : ''}
              </td>
              <Tokens value={row.promptTokens} field="promptTokens" {...rateOf(row.rates.input)} />
              <Tokens value={row.cachedTokens} field="cachedTokens" {...rateOf(row.rates.cached)} />
              <Tokens
                value={row.completionTokens}
                field="completionTokens"
                {...rateOf(row.rates.output)}
              />
              <Tokens
                value={row.reasoningTokens}
                field="reasoningTokens"
                {...rateOf(row.rates.reasoning)}
              />
              <Amount value={row.inputCost} currency={c} field="inputCost" />
              <Amount value={row.cachedCost} currency={c} field="cachedCost" />
              <Amount value={row.outputCost} currency={c} field="outputCost" />
              <Amount value={row.reasoningCost} currency={c} field="reasoningCost" />
              <Amount value={row.totalCost} currency={c} field="totalCost" />
              <td>{row.priceSources.join(', ') || 'no price'}</td>
            </tr>
          ))}
          {cost.byTool.map((row) => (
            <tr key={`tool ${row.tool}`} data-testid="cost-tool-row" data-tool={row.tool}>
              <td>tool {row.tool}</td>
              <td class="num" data-field="calls" data-value={String(row.calls)}>
                {row.calls}
              </td>
              <td colSpan={8} />
              <Amount value={row.cost} currency={c} field="cost" />
              <td />
            </tr>
          ))}
          <tr data-testid="cost-compute-row">
            <td>compute</td>
            <td colSpan={9} />
            <Amount value={cost.computeCost} currency={c} field="computeCost" />
            <td />
          </tr>
        </tbody>
        <tfoot>
          <tr data-testid="cost-total-row">
            <th>total{cost.complete ? '' : ' (lower bound: some calls had no price or usage)'}</th>
            <td colSpan={9} />
            <Amount value={cost.totalCost} currency={c} field="totalCost" />
            <td />
          </tr>
        </tfoot>
      </table>
      <div class="cost-charts">
        <div class="bars" data-testid="cost-bars">
          {parts.map((part) => (
            <div class="bar-row" key={part.label}>
              <span class="bar-label">{part.label}</span>
              <span class="bar-fill" style={{ width: `${(part.value / largest) * 100}%` }} />
              <span class="bar-value">{money(part.value, c)}</span>
            </div>
          ))}
        </div>
        <CumulativeCostChart points={cost.timeline} currency={c} />
      </div>
    </section>
  );
}

function rateOf(rate: number | undefined): { rate?: number } {
  return rate === undefined ? {} : { rate };
}
