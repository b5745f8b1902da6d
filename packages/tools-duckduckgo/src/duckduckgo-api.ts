/** A related topic or result: a link with text. */
export interface DuckDuckGoTopic {
  readonly FirstURL?: string;
  readonly Icon?: {
    readonly URL?: string;
    readonly Height?: number | string;
    readonly Width?: number | string;
  };
  readonly Result?: string;
  readonly Text?: string;
}

/** A named group of related topics (`{ Name, Topics }`). */
export interface DuckDuckGoTopicGroup {
  readonly Name?: string;
  readonly Topics?: readonly DuckDuckGoTopic[];
}

/** `GET /?q=…&format=json` → the Instant Answer object (fields as DuckDuckGo names them). */
export interface DuckDuckGoResponse {
  readonly Abstract?: string;
  readonly AbstractText?: string;
  readonly AbstractSource?: string;
  readonly AbstractURL?: string;
  readonly Answer?: string | number;
  readonly AnswerType?: string;
  readonly Definition?: string;
  readonly DefinitionSource?: string;
  readonly DefinitionURL?: string;
  readonly Entity?: string;
  readonly Heading?: string;
  readonly Image?: string;
  readonly ImageHeight?: number | string;
  readonly ImageIsLogo?: number | string;
  readonly ImageWidth?: number | string;
  readonly Redirect?: string;
  readonly RelatedTopics?: readonly (DuckDuckGoTopic | DuckDuckGoTopicGroup)[];
  readonly Results?: readonly DuckDuckGoTopic[];
  readonly Type?: string;
}

/** A related topic, flattened out of its group. */
export interface FlatTopic extends DuckDuckGoTopic {
  /** The group's name, for topics that came from a group ("See also"). */
  readonly group?: string;
}

/** Related topics with groups flattened in place: each group's topics follow, tagged with its name. */
export function flattenTopics(
  topics: readonly (DuckDuckGoTopic | DuckDuckGoTopicGroup)[] | undefined,
): FlatTopic[] {
  const flat: FlatTopic[] = [];
  for (const entry of topics ?? []) {
    if (entry === null || typeof entry !== 'object') continue;
    const group = entry as DuckDuckGoTopicGroup;
    if (Array.isArray(group.Topics)) {
      for (const topic of group.Topics) {
        if (topic !== null && typeof topic === 'object') {
          flat.push({ ...topic, ...(group.Name ? { group: group.Name } : {}) });
        }
      }
    } else {
      flat.push(entry as DuckDuckGoTopic);
    }
  }
  return flat;
}

/** Numbers or strings → a string (`''` for nothing), as DuckDuckGo mixes both. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** Image and icon paths (`/i/abc.png`) → absolute URLs on duckduckgo.com. */
export function absoluteImage(value: string | undefined): string {
  if (value === undefined || value === '') return '';
  return value.startsWith('/') ? `https://duckduckgo.com${value}` : value;
}
