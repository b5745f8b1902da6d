import { defineTool } from '@aigo/ai';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ToolRecorder } from './tool-recorder.js';

function counter() {
  let runs = 0;
  const tool = defineTool({
    name: 'weather',
    description: 'The weather in a city.',
    input: Type.Object({ city: Type.String() }),
    execute: async ({ city }) => {
      runs++;
      return { city, sky: runs % 2 === 1 ? 'sunny' : 'rainy' };
    },
  });
  return { tool, runs: () => runs };
}

describe('ToolRecorder', () => {
  it('records calls by run, then replays them by run and arguments without running the tool', async () => {
    const recording = counter();
    const recorder = new ToolRecorder('record', {});
    const wrapped = recorder.wrap(recording.tool);
    expect(wrapped.name).toBe('weather');
    expect(wrapped.description).toBe(recording.tool.description);
    const first = await wrapped.call('{"city":"Rome"}', { runId: 'r1' });
    const second = await wrapped.call('{ "city": "Rome" }', { runId: 'r1' });
    expect([first, second]).toEqual([
      '{"city":"Rome","sky":"sunny"}',
      '{"city":"Rome","sky":"rainy"}',
    ]);
    expect(recording.runs()).toBe(2);

    const replaying = counter();
    const replay = new ToolRecorder('replay', recorder.runs());
    const again = replay.wrap(replaying.tool);
    expect(await again.call('{"city":"Rome"}', { runId: 'r1' })).toBe(first);
    expect((await again.callWithResult?.('{"city":"Rome"}', { runId: 'r1' }))?.output).toBe(second);
    expect(replaying.runs()).toBe(0);
    expect(replay.misses).toBe(0);

    // Another run, other arguments, or a third call: nothing recorded, an error envelope the model reads.
    expect(JSON.parse(await again.call('{"city":"Rome"}', { runId: 'r2' }))).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(JSON.parse(await again.call('{"city":"Oslo"}', { runId: 'r1' }))).toMatchObject({
      ok: false,
    });
    expect(JSON.parse(await again.call('{"city":"Rome"}', { runId: 'r1' }))).toMatchObject({
      ok: false,
    });
    expect(replay.misses).toBe(3);
    expect(replaying.runs()).toBe(0);
  });

  it('records through: what was recorded replays, anything new runs and is recorded', async () => {
    const recording = counter();
    const first = new ToolRecorder('record', {});
    await first.wrap(recording.tool).call('{"city":"Rome"}', { runId: 'r1' });
    const second = new ToolRecorder('record', first.runs());
    const wrapped = second.wrap(recording.tool);
    await wrapped.call('{"city":"Rome"}', { runId: 'r1' });
    await wrapped.call('{"city":"Oslo"}', { runId: 'r1' });
    expect(recording.runs()).toBe(2);
    expect(second.runs().r1?.map((call) => call.arguments)).toEqual([
      '{"city":"Rome"}',
      '{"city":"Oslo"}',
    ]);
  });
});
