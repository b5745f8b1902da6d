/** Where the elements of a streamed array are: the top-level array, or a property of the root. */
export type ElementsAt =
  | { readonly kind: 'root' }
  | { readonly kind: 'property'; readonly name: string };

/** What the partial parser tells about the elements of the array at `ElementsAt`. */
export interface ElementSink {
  /** A complete element of the array, with its index. */
  element(value: unknown, index: number): void;
  /** The array closed: every element was given. */
  end(): void;
}
