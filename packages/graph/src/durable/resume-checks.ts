import {
  GraphRunNotFoundError,
  GraphRunNotSuspendedError,
  type GraphRunRecord,
  type GraphRunResponses,
  RunConflictError,
  ValidationError,
} from '@aigo/ai';

/**
 * Checks, before a resume claims the run, that the run can be resumed with `responses`: it exists,
 * is suspended (a running one was taken by another resume: `RunConflictError`), and `responses`
 * holds an entry for every suspended node — and in it a response for every request of the node's
 * agent — and nothing else. Nothing is claimed when it throws.
 *
 * @throws GraphRunNotFoundError, RunConflictError, GraphRunNotSuspendedError, ValidationError.
 */
export function checkResumable(
  runId: string,
  record: GraphRunRecord | undefined,
  responses: GraphRunResponses,
): void {
  if (record === undefined) throw new GraphRunNotFoundError(runId);
  if (record.status === 'running') {
    throw new RunConflictError(
      runId,
      `Graph run ${JSON.stringify(runId)} is running: another resume (or execution) claimed it first`,
    );
  }
  if (record.status !== 'suspended') throw new GraphRunNotSuspendedError(runId, record.status);
  const waiting = new Set<string>();
  for (const node of Object.values(record.nodes)) {
    if (node.status !== 'suspended' || node.suspended === undefined) continue;
    waiting.add(node.nodeId);
    const given = responses[node.nodeId];
    const argument = `responses[${JSON.stringify(node.nodeId)}]`;
    if (given === undefined) {
      throw new ValidationError(
        argument,
        `is missing: node ${JSON.stringify(node.nodeId)} waits for decisions on ${node.suspended.requests
          .map((request) => JSON.stringify(request.id))
          .join(', ')}`,
      );
    }
    const requests = new Set(node.suspended.requests.map((request) => request.id));
    for (const id of requests) {
      if (given[id] === undefined) {
        throw new ValidationError(`${argument}[${JSON.stringify(id)}]`, 'is missing');
      }
    }
    for (const id of Object.keys(given)) {
      if (!requests.has(id)) {
        throw new ValidationError(
          `${argument}[${JSON.stringify(id)}]`,
          `names no request of node ${JSON.stringify(node.nodeId)}`,
        );
      }
    }
  }
  for (const nodeId of Object.keys(responses)) {
    if (!waiting.has(nodeId)) {
      throw new ValidationError(
        `responses[${JSON.stringify(nodeId)}]`,
        `names no suspended node of graph run ${JSON.stringify(runId)}`,
      );
    }
  }
}
