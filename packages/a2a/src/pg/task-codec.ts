import { Task } from '@a2a-js/sdk';

/** A task as the JSON stored in its row: the protocol's JSON form (raw file bytes as base64). */
export function encodeTask(task: Task): string {
  return JSON.stringify(Task.toJSON(task));
}

/** A stored row's JSON back as a task. */
export function decodeTask(json: unknown): Task {
  return Task.fromJSON(json);
}

/** A list page's cursor: the last task's status time and id, as an opaque token. */
export function encodePageToken(timestamp: string, id: string): string {
  return Buffer.from(JSON.stringify([timestamp, id])).toString('base64url');
}

/** The cursor of a page token, or `undefined` for one this store did not make. */
export function decodePageToken(token: string): [string, string] | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    return Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
      ? [value[0], value[1]]
      : undefined;
  } catch {
    return undefined;
  }
}
