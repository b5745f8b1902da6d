/** An amount left out of the cost summary because it is in another currency than the summary's. */
export interface OtherCurrencyCost {
  readonly source: 'model' | 'tool' | 'agent';
  /** The model, tool or sub-agent name. */
  readonly name: string;
  readonly currency: string;
  readonly amount: number;
}
