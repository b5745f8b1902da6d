import type { RunCost } from '../src/model/run-model.js';
import { CumulativeCostChart } from './cost-chart.js';
import { count, money } from './format.js';

/** An amount that also holds the exact value (`data-value`), for tests and copy-paste. */
function Amount(props: {
  readonly value: number;
  readonly currency: string;
  readonly field: string;
}) {
  return (
    <span class="amount" data-field={props.field} data-value={String(props.value)}>
      {money(props.value, props.currency)}
    </span>
  );
}

/** Tokens of one kind, at their rate, and what they cost. */
function Part(props: {
  readonly tokens: number;
  readonly tokensField: string;
  readonly rate: number | undefined;
  readonly cost: number;
  readonly costField: string;
  readonly currency: string;
}) {
  return (
    <td class="num">
      <span data-field={props.tokensField} data-value={String(props.tokens)}>
        {count(props.tokens)}
      </span>
      {props.rate === undefined ? null : <span class="rate"> @ {props.rate}/M</span>}
      <br />
      <Amount value={props.cost} currency={props.currency} field={props.costField} />
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
            <th>model / tool</th>
            <th class="num">calls</th>
            <th class="num">input</th>
            <th class="num">cached</th>
            <th class="num">output</th>
            <th class="num">reasoning</th>
            <th class="num">total</th>
            <th>price source</th>
          </tr>
        </thead>
        <tbody>
          {cost.byModel.map((row) => (
            <tr key={row.model} data-testid="cost-model-row" data-model={row.model}>
              <td>{row.model}</td>
              <td class="num">
                <span data-field="requests" data-value={String(row.requests)}>
                  {row.requests}
                </span>
                {row.unpricedRequests > 0 ? ` (${row.unpricedRequests} unpriced)` : ''}
              </td>
              <Part
                tokens={row.promptTokens}
                tokensField="promptTokens"
                rate={row.rates.input}
                cost={row.inputCost}
                costField="inputCost"
                currency={c}
              />
              <Part
                tokens={row.cachedTokens}
                tokensField="cachedTokens"
                rate={row.rates.cached}
                cost={row.cachedCost}
                costField="cachedCost"
                currency={c}
              />
              <Part
                tokens={row.completionTokens}
                tokensField="completionTokens"
                rate={row.rates.output}
                cost={row.outputCost}
                costField="outputCost"
                currency={c}
              />
              <Part
                tokens={row.reasoningTokens}
                tokensField="reasoningTokens"
                rate={row.rates.reasoning}
                cost={row.reasoningCost}
                costField="reasoningCost"
                currency={c}
              />
              <td class="num">
                <Amount value={row.totalCost} currency={c} field="totalCost" />
              </td>
              <td class="source">{row.priceSources.join(', ') || 'no price'}</td>
            </tr>
          ))}
          {cost.byTool.map((row) => (
            <tr key={`tool ${row.tool}`} data-testid="cost-tool-row" data-tool={row.tool}>
              <td>tool {row.tool}</td>
              <td class="num">
                <span data-field="calls" data-value={String(row.calls)}>
                  {row.calls}
                </span>
              </td>
              <td colSpan={4} />
              <td class="num">
                <Amount value={row.cost} currency={c} field="cost" />
              </td>
              <td class="source">tool metrics</td>
            </tr>
          ))}
          <tr data-testid="cost-compute-row">
            <td>compute</td>
            <td colSpan={5} />
            <td class="num">
              <Amount value={cost.computeCost} currency={c} field="computeCost" />
            </td>
            <td class="source">run time × computeCost</td>
          </tr>
        </tbody>
        <tfoot>
          <tr data-testid="cost-total-row">
            <th>
              total{cost.complete ? '' : ' (a lower bound: some calls had no price or usage)'}
            </th>
            <td colSpan={5} />
            <td class="num">
              <Amount value={cost.totalCost} currency={c} field="totalCost" />
            </td>
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
        {cost.totalCost > 0 ? (
          <CumulativeCostChart points={cost.timeline} currency={c} />
        ) : (
          <p class="muted">No priced calls: nothing to chart.</p>
        )}
      </div>
    </section>
  );
}
