import { type Message, messageText, type Observer, type Span } from '@aigo/ai';
import type { RunInput } from '../loop/agent-settings.js';
import type { RunSteering } from './steering-queue.js';

/**
 * Takes the messages waiting in `queue` for the model call of `iteration`: each gets an
 * `aigo.steering` event on the run's span (`span`; the message's text only when the client's
 * observer captures content) and, on a streamed run, a `steering_message` event — emitted before
 * the iteration's `iteration_start`, in the order they were queued. Resolves to the messages, which
 * open the model call after the step's tool results.
 */
export async function deliverSteering(
  queue: RunSteering,
  iteration: number,
  input: Pick<RunInput, 'sink' | 'runId'>,
  span: Span | undefined,
  client: { readonly observer: Observer | undefined },
): Promise<Message[]> {
  const messages = queue.take();
  const captureContent = client.observer?.captureContent === true;
  for (const message of messages) {
    if (span !== undefined) recordSteering(span, input.runId, iteration, message, captureContent);
    const wait = input.sink?.emit({ type: 'steering_message', iteration, message });
    if (wait !== undefined) await wait;
  }
  return messages;
}

function recordSteering(
  span: Span,
  runId: string,
  iteration: number,
  message: Message,
  captureContent: boolean,
): void {
  try {
    span.addEvent('aigo.steering', {
      'aigo.run.id': runId,
      'aigo.react.iteration': iteration,
      ...(captureContent ? { 'aigo.steering.text': messageText(message) } : {}),
    });
  } catch {
    // Observers never break a run.
  }
}
