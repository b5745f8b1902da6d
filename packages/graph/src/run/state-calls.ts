const noop = (): void => {};

/** Calls a state provider method: a synchronous throw or a non-promise becomes a promise. */
export function callState(call: () => Promise<void>): Promise<void> {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
}

/** A state write after the execution stopped: its failure can change nothing any more. */
export function bestEffort(write: () => Promise<void>): void {
  callState(write).then(noop, noop);
}
