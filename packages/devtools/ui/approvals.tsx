import { useState } from 'preact/hooks';
import type { RunDetail } from '../src/model/run-model.js';
import { sendDecisions } from './api.js';

/**
 * A suspended run's pending approvals. With a run store and the agents (`devtools({ runStore,
 * agents })`) each has approve / refuse buttons that resume the run; otherwise the list is
 * read-only.
 */
export function Approvals(props: { readonly detail: RunDetail }) {
  const { detail } = props;
  const [answer, setAnswer] = useState<string | undefined>(undefined);
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  if (detail.approvals.length === 0) return null;
  // The run resumes once every request has a decision: they are sent together.
  const decide = (id: string, approved: boolean): void => {
    const next = { ...chosen, [id]: approved };
    setChosen(next);
    if (!detail.approvals.every((request) => request.id in next)) return;
    const decisions = Object.fromEntries(
      Object.entries(next).map(([request, yes]) => [
        request,
        yes ? { approved: true } : { approved: false, reason: 'refused in the devtools' },
      ]),
    );
    sendDecisions(detail.run.id, decisions).then(setAnswer, (error: unknown) =>
      setAnswer(String(error)),
    );
  };
  return (
    <section class="approvals" data-testid="approvals">
      <h3>Waiting for approval</h3>
      <ul>
        {detail.approvals.map((request) => (
          <li key={request.id} data-testid="approval" data-request-id={request.id}>
            <strong>{request.toolName}</strong>
            {request.message === undefined ? null : <span> — {request.message}</span>}
            {request.arguments === undefined ? null : <pre>{request.arguments}</pre>}
            {request.id in chosen ? (
              <span class="muted"> {chosen[request.id] ? 'approved' : 'refused'}</span>
            ) : detail.canResume ? (
              <span class="buttons">
                <button
                  type="button"
                  data-testid="approve"
                  onClick={() => decide(request.id, true)}
                >
                  approve
                </button>
                <button
                  type="button"
                  data-testid="refuse"
                  onClick={() => decide(request.id, false)}
                >
                  refuse
                </button>
              </span>
            ) : (
              <span class="muted">
                {' '}
                (read-only: start the devtools with runStore and agents to decide)
              </span>
            )}
          </li>
        ))}
      </ul>
      {answer === undefined ? null : <p class="muted">{answer}</p>}
    </section>
  );
}
