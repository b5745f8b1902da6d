import { AssertionError } from 'node:assert';

/**
 * Calls `action` and resolves with the error it rejects with. Fails when it resolves, when it throws
 * synchronously (the contracts are promise-based), or when the error does not pass `accept`.
 */
export async function expectRejection(
  action: () => Promise<unknown>,
  accept: (error: unknown) => boolean,
  what: string,
): Promise<unknown> {
  let pending: Promise<unknown>;
  try {
    pending = action();
  } catch (error) {
    throw new AssertionError({
      message: `${what}: threw synchronously instead of returning a rejected promise (${describe(error)})`,
    });
  }
  let outcome: { resolved: true; value: unknown } | { resolved: false; error: unknown };
  try {
    outcome = { resolved: true, value: await pending };
  } catch (error) {
    outcome = { resolved: false, error };
  }
  if (outcome.resolved) {
    throw new AssertionError({ message: `${what}: resolved instead of rejecting` });
  }
  if (!accept(outcome.error)) {
    throw new AssertionError({
      message: `${what}: rejected with the wrong error: ${describe(outcome.error)}`,
    });
  }
  return outcome.error;
}

/** A short description of an error for assertion messages. */
export function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return `${error.name}${typeof code === 'string' ? ` (${code})` : ''}: ${error.message}`;
  }
  return String(error);
}
