import { ValidationError } from '@aigo/ai';
import type { NodeResult } from '../plan/node-types.js';
import { jsonProblem } from './json-problem.js';

/** The error that fails a node of a durable run whose output or metadata is not JSON, if any. */
export function jsonFailure(nodeId: string, result: NodeResult): ValidationError | undefined {
  const output = result.output === undefined ? undefined : jsonProblem(result.output);
  if (output !== undefined) {
    return new ValidationError(
      `nodes.${nodeId}.output`,
      `must be JSON in a durable run: ${output}`,
    );
  }
  const metadata = result.metadata === undefined ? undefined : jsonProblem(result.metadata);
  if (metadata !== undefined) {
    return new ValidationError(
      `nodes.${nodeId}.metadata`,
      `must be JSON in a durable run: ${metadata}`,
    );
  }
  return undefined;
}
