import type { DevtoolsEvent, RunDetail, RunSummary } from '../src/model/run-model.js';

/** The token the page was opened with (its address carries it). */
export const token = new URLSearchParams(location.search).get('token') ?? '';

const withToken = (path: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;

async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(withToken(path), { cache: 'no-store' });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await problemOf(response)}`);
  return (await response.json()) as T;
}

/** The runs list, newest first. */
export const fetchRuns = (): Promise<RunSummary[]> => getJson('/api/runs');

/** One run's whole view. */
export const fetchRun = (id: string): Promise<RunDetail> =>
  getJson(`/api/runs/${encodeURIComponent(id)}`);

/** Listens for live updates; returns the function that stops. */
export function listen(
  onEvent: (event: DevtoolsEvent) => void,
  onState: (connected: boolean) => void,
): () => void {
  const source = new EventSource(withToken('/api/events'));
  const handle = (message: MessageEvent<string>) => onEvent(JSON.parse(message.data));
  source.addEventListener('run', handle);
  source.addEventListener('removed', handle);
  source.onopen = () => onState(true);
  source.onerror = () => onState(false);
  return () => source.close();
}

/** Sends a suspended run's decisions (token in the header; the browser adds the page's Origin). */
export async function sendDecisions(runId: string, decisions: unknown): Promise<string> {
  const response = await fetch(`/api/runs/${encodeURIComponent(runId)}/decisions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-aigo-devtools-token': token },
    body: JSON.stringify(decisions),
  });
  return response.ok
    ? `${response.status} resumed`
    : `${response.status} ${await problemOf(response)}`;
}

/** What an error answer says: its JSON `{ "error": "…" }`, else its text. */
async function problemOf(response: Response): Promise<string> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed !== null && typeof parsed === 'object' && 'error' in parsed) {
      return String(parsed.error);
    }
  } catch {
    // not JSON: the text as it is
  }
  return text;
}
