import { createInterface } from 'node:readline';
import type { InteractionRequest } from '@aigo/ai';

/** Asks a person about one tool call; resolves true to run it. */
export type Approver = (request: InteractionRequest) => Promise<boolean>;

/**
 * `--approve`: asks each question on `output` and reads the answer, a line, from `input` — `y` or
 * `yes` runs the call, anything else (or the end of the input) refuses it.
 */
export function terminalApprover(
  input: NodeJS.ReadableStream | undefined,
  output: { write(text: string): unknown },
): Approver {
  const lines = input === undefined ? undefined : createInterface({ input, terminal: false });
  const iterator = lines?.[Symbol.asyncIterator]();
  return async (request) => {
    output.write(`\napprove ${request.toolCall.name} ${request.toolCall.arguments}? [y/N] `);
    const next = iterator === undefined ? undefined : await iterator.next();
    const answer = next === undefined || next.done === true ? '' : String(next.value);
    const yes = /^\s*y(es)?\s*$/i.test(answer);
    output.write(`${yes ? 'yes' : 'no'}\n`);
    if (next?.done === true) lines?.close();
    return yes;
  };
}
