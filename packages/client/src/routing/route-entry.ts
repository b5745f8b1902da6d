import type { ChatRequest, Provider } from '@aigo/ai';

/**
 * One place a call can go: a provider, and the model to ask it for (`undefined`: the request's own
 * model). A fallback holds a list of them; a registry resolves a model id to one.
 */
export interface RouteEntry {
  readonly provider: Provider;
  /** The model sent to `provider`; `undefined` sends the request's model unchanged. */
  readonly model: string | undefined;
  /** The entry's position in its fallback list (0 for a registry's). */
  readonly index: number;
  /**
   * How the entry is named in errors, spans and the overview: `<provider id>:<model>`, or the
   * provider's id alone for an entry that keeps the request's model.
   */
  readonly label: string;
}

/** The model `entry` is asked for when the caller asked for `requested`. */
export function entryModel(entry: RouteEntry, requested: string): string {
  return entry.model ?? requested;
}

/**
 * The name a routed call is recorded and priced under: `<provider id>:<model>` — which provider and
 * which model answered (the overview's `byModel` key, the span's `aigo.cost.model`).
 */
export function routeKey(entry: RouteEntry, requested: string): string {
  return `${entry.provider.id}:${entry.model ?? requested}`;
}

/** `request` with `model` as its model (the same object when it already is). */
export function withModel(request: ChatRequest, model: string): ChatRequest {
  return request.model === model ? request : { ...request, model };
}
