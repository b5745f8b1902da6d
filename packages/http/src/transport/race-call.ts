import type { CallSignal } from './call-signal.js';

/** A response whose body can be thrown away. */
interface Discardable {
  readonly body: { destroy(): unknown };
}

function ignore(): void {}

function discard(response: Discardable): void {
  response.body.destroy();
}

/**
 * Settles with undici's `request`, or rejects with the call's abort reason as soon as `call` aborts,
 * whichever comes first.
 *
 * undici acts on a request's signal only once the request has a connection: a request queued in a
 * pool whose connections are all busy, or waiting for its connection to open, would otherwise go on
 * waiting after its caller aborted (or its deadline passed) — until a connection is free, however
 * long that takes. undici still drops the request when it gets to it; a response that arrives after
 * the abort won is discarded (its body destroyed, so its connection is closed), and a later
 * rejection is ignored.
 */
export function raceCall<T extends Discardable>(request: Promise<T>, call: CallSignal): Promise<T> {
  if (call.aborted) {
    request.then(discard, ignore);
    return Promise.reject(call.reason);
  }
  return new Promise<T>((resolve, reject) => {
    let lost = false;
    const onAbort = (): void => {
      lost = true;
      reject(call.reason);
    };
    call.once('abort', onAbort);
    request.then(
      (response) => {
        if (lost) {
          discard(response);
          return;
        }
        call.removeListener('abort', onAbort);
        resolve(response);
      },
      (error: unknown) => {
        if (lost) return;
        call.removeListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
