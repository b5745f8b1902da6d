/** An amount left out of the cost summary because it is in another currency than the summary's. */
export interface OtherCurrencyCost {
  readonly source: 'model' | 'tool';
  /** The model or tool name. */
  readonly name: string;
  readonly currency: string;
  readonly amount: number;
}
