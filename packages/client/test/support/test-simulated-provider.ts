/**
 * Test helper (not built): a provider whose streams the test drives by hand — each `streamMessage`
 * call makes a `createStreamSimulator` stream, and the test emits its events one at a time.
 */
import type { ChatRequest, StreamProvider } from '@aigo/ai';
import { createFakeProvider, createStreamSimulator, type StreamSimulator } from '@aigo/testing';

export interface SimulatedProvider {
  readonly provider: StreamProvider;
  /** The simulators of the streams made so far, in call order. */
  readonly streams: StreamSimulator[];
  /** The requests of the stream calls. */
  readonly requests: ChatRequest[];
}

/** A stream provider whose every `streamMessage` is a stream the test drives; no `sendMessage`. */
export function simulatedProvider(): SimulatedProvider {
  const streams: StreamSimulator[] = [];
  const requests: ChatRequest[] = [];
  const unused = createFakeProvider();
  return {
    streams,
    requests,
    provider: {
      id: 'simulated',
      sendMessage: (request, options) => unused.sendMessage(request, options),
      async streamMessage(request, options) {
        requests.push(request);
        const simulator = createStreamSimulator(
          options?.signal === undefined ? {} : { signal: options.signal },
        );
        streams.push(simulator);
        return simulator.stream;
      },
    },
  };
}

/** The content events of `text`, in pieces of `size` characters. */
export function contentPieces(text: string, size: number): { type: 'content'; text: string }[] {
  const pieces: { type: 'content'; text: string }[] = [];
  for (let at = 0; at < text.length; at += size) {
    pieces.push({ type: 'content', text: text.slice(at, at + size) });
  }
  return pieces;
}
