// An OpenTelemetry SDK that throws everywhere never breaks a model call, a stream, a tool call or an
// agent run.
import { defineTool } from '@aigo/ai';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import type { Meter, Tracer } from '@opentelemetry/api';
import { Type } from 'typebox';
import { expect, it } from 'vitest';
import { createOtelObserver } from './index.js';

const boom = (): never => {
  throw new Error('the SDK broke');
};
/** Every method throws; spans claim to record, so the observer does all its work on them. */
const brokenSpan = new Proxy(
  {},
  { get: (_target, name) => (name === 'isRecording' ? () => true : boom) },
);
const tracers: Record<string, Tracer> = {
  'startSpan throws': { startSpan: boom, startActiveSpan: boom } as unknown as Tracer,
  'spans throw': { startSpan: () => brokenSpan, startActiveSpan: boom } as unknown as Tracer,
};
const meter = new Proxy({}, { get: () => boom }) as unknown as Meter;

const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text',
  input: Type.Object({ text: Type.String() }),
  execute: ({ text }) => ({ text }),
});

for (const [name, tracer] of Object.entries(tracers)) {
  it(`never breaks a call or a run (${name}, every meter call throws)`, async () => {
    const observer = createOtelObserver({ tracer, meter, captureContent: true });
    const provider = createFakeProvider()
      .text('sent')
      .text('streamed')
      .toolCall('echo', { text: 'hi' })
      .text('done');
    const client = createClient(provider, { env: {}, defaultModel: 'm', tools: [echo], observer });
    expect((await client.sendMessage('a')).content).toBe('sent');
    expect((await (await client.streamMessage('b')).collect()).content).toBe('streamed');
    const run = await createReAct(client).execute('c');
    expect(run.data).toBe('done');
    expect(run.toolCallStats).toEqual({ echo: 1 });
  });
}
