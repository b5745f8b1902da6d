import { randomUUID } from 'node:crypto';
import { type Message, type Part, Role, TaskState } from '@a2a-js/sdk';
import {
  AgentEvent,
  type AgentExecutor,
  type ExecutionEventBus,
  type RequestContext,
} from '@a2a-js/sdk/server';
import { AbortError, type ParentRun, type Tool, type ToolProgress } from '@aigo/ai';
import { deferred } from '@aigo/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { textsOf } from '../../test/support/test-sdk.js';
import {
  type SdkServer,
  startPlainServer,
  startRefusingServer,
  startSdkServer,
} from '../../test/support/test-sdk-server.js';
import { A2AError } from '../shared/a2a-error.js';
import { a2aTools } from './a2a-tools.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function server(
  executor: AgentExecutor,
  options?: Parameters<typeof startSdkServer>[1],
): Promise<SdkServer> {
  const started = await startSdkServer(executor, options);
  closers.push(() => started.close());
  return started;
}

const text = (value: string): Part => ({
  content: { $case: 'text', value },
  metadata: undefined,
  filename: '',
  mediaType: '',
});

function agentMessage(request: RequestContext, parts: Part[], taskId = request.taskId): Message {
  return {
    messageId: randomUUID(),
    contextId: request.contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts,
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function publishTask(bus: ExecutionEventBus, request: RequestContext, state: TaskState): void {
  bus.publish(
    AgentEvent.task({
      id: request.taskId,
      contextId: request.contextId,
      status: { state, message: undefined, timestamp: new Date().toISOString() },
      artifacts: [],
      history: [],
      metadata: undefined,
    }),
  );
}

function status(
  bus: ExecutionEventBus,
  request: RequestContext,
  state: TaskState,
  words?: string,
): void {
  bus.publish(
    AgentEvent.statusUpdate({
      taskId: request.taskId,
      contextId: request.contextId,
      status: {
        state,
        message: words === undefined ? undefined : agentMessage(request, [text(words)]),
        timestamp: new Date().toISOString(),
      },
      metadata: undefined,
    }),
  );
}

function artifact(
  bus: ExecutionEventBus,
  request: RequestContext,
  parts: Part[],
  append = false,
): void {
  bus.publish(
    AgentEvent.artifactUpdate({
      taskId: request.taskId,
      contextId: request.contextId,
      artifact: {
        artifactId: 'report',
        name: 'report',
        description: '',
        parts,
        metadata: undefined,
        extensions: [],
      },
      append,
      lastChunk: !append,
      metadata: undefined,
    }),
  );
}

function executor(
  execute: AgentExecutor['execute'],
  cancelTask?: AgentExecutor['cancelTask'],
): AgentExecutor {
  return { execute, cancelTask: cancelTask ?? (async () => undefined) };
}

async function only(options: Parameters<typeof a2aTools>[0]): Promise<Tool> {
  const [tool, ...rest] = await a2aTools(options);
  if (tool === undefined || rest.length > 0) throw new Error('expected one tool');
  return tool;
}

async function call(
  tool: Tool,
  message: string,
  options: { runId?: string; signal?: AbortSignal; onProgress?: (p: ToolProgress) => void } = {},
) {
  if (tool.callWithResult === undefined) throw new Error('expected callWithResult');
  return tool.callWithResult(JSON.stringify({ message }), options);
}

describe('a2aTools against an agent built with the SDK’s server classes', () => {
  it('one tool for the agent, described by its card and skills', async () => {
    const agent = await server(
      executor(async () => undefined),
      {
        skills: [
          {
            id: 'forecast',
            name: 'Forecast',
            description: 'Forecasts the weather',
            tags: [],
            examples: ['Rain tomorrow in Oslo?'],
            inputModes: [],
            outputModes: [],
            securityRequirements: [],
          },
        ],
      },
    );
    const tool = await only({ url: agent.url });
    expect(tool.name).toBe('Weather_Agent');
    expect(tool.description.description).toContain('Knows the weather');
    expect(tool.description.description).toContain(
      '- Forecast: Forecasts the weather (e.g. Rain tomorrow in Oslo?)',
    );
    expect(tool.description.parameters).toMatchObject({ required: ['message'] });
    const perSkill = await a2aTools({ url: agent.url, skills: true, name: 'weather' });
    expect(perSkill.map((t) => t.name)).toEqual(['weather_forecast']);
  });

  it('a synchronous reply (a message) is the tool’s output', async () => {
    let received: Message | undefined;
    const agent = await server(
      executor(async (request, bus) => {
        received = request.userMessage;
        bus.publish(AgentEvent.message(agentMessage(request, [text('It is sunny.')], '')));
      }),
    );
    const tool = await only({ url: agent.url });
    const result = await call(tool, 'Weather in Rome?');
    expect(JSON.parse(result.output)).toEqual({ answer: 'It is sunny.' });
    expect(textsOf(received?.parts)).toEqual(['Weather in Rome?']);
  });

  for (const streaming of [true, false]) {
    it(`a long task is followed to its end (${streaming ? 'streamed' : 'polled'}): updates reach progress, artifacts the output`, async () => {
      const proceed = deferred();
      const agent = await server(
        executor(async (request, bus) => {
          publishTask(bus, request, TaskState.TASK_STATE_SUBMITTED);
          status(bus, request, TaskState.TASK_STATE_WORKING, 'Reading the sky');
          await proceed.promise;
          artifact(bus, request, [text('Sunny, ')]);
          artifact(bus, request, [text('22 °C.')], true);
          artifact(
            bus,
            request,
            [
              {
                content: { $case: 'data', value: { celsius: 22 } },
                metadata: undefined,
                filename: '',
                mediaType: 'application/json',
              },
              {
                content: { $case: 'url', value: 'https://example.com/map.png' },
                metadata: undefined,
                filename: 'map.png',
                mediaType: 'image/png',
              },
            ],
            true,
          );
          status(bus, request, TaskState.TASK_STATE_COMPLETED);
        }),
        { streaming },
      );
      const tool = await only({ url: agent.url, pollIntervalMs: 5 });
      const progress: string[] = [];
      const result = await call(tool, 'Weather?', {
        onProgress: (update) => {
          progress.push(update.message ?? '');
          if (update.message === 'Reading the sky') proceed.resolve();
        },
      });
      expect(progress).toContain('Reading the sky');
      expect(JSON.parse(result.output)).toEqual({
        answer: 'Sunny, \n\n22 °C.',
        data: { celsius: 22 },
        files: [
          {
            type: 'image',
            name: 'map.png',
            mediaType: 'image/png',
            uri: 'https://example.com/map.png',
          },
        ],
      });
      expect(result.content).toEqual([
        {
          type: 'image',
          mimeType: 'image/png',
          uri: 'https://example.com/map.png',
          filename: 'map.png',
        },
      ]);
    });
  }

  it('a streamed caller gets the task’s status as agent_event, and the cost stays unknown', async () => {
    const agent = await server(
      executor(async (request, bus) => {
        publishTask(bus, request, TaskState.TASK_STATE_SUBMITTED);
        status(bus, request, TaskState.TASK_STATE_WORKING, 'Reading the sky');
        status(bus, request, TaskState.TASK_STATE_WORKING, 'Asking the clouds');
        artifact(bus, request, [text('Sunny.')], true);
        status(bus, request, TaskState.TASK_STATE_COMPLETED);
      }),
      { streaming: true },
    );
    const tool = await only({ url: agent.url, pollIntervalMs: 5 });
    const forwarded: unknown[] = [];
    const parts: unknown[] = [];
    const parentRun: ParentRun = {
      path: ['writer'],
      streams: true,
      emit: (event) => {
        forwarded.push(event);
        return undefined;
      },
      addSubRun: (part) => {
        parts.push(part);
      },
    };
    if (tool.callWithResult === undefined) throw new Error('expected callWithResult');

    const result = await tool.callWithResult(JSON.stringify({ message: 'Weather?' }), {
      toolCallId: 'call-1',
      parentRun,
    });

    expect(JSON.parse(result.output)).toMatchObject({ answer: 'Sunny.' });
    expect(forwarded).toEqual([
      {
        agent: tool.name,
        toolCallId: 'call-1',
        event: { type: 'content', iteration: 1, text: 'Reading the sky' },
      },
      {
        agent: tool.name,
        toolCallId: 'call-1',
        event: { type: 'content', iteration: 1, text: 'Asking the clouds' },
      },
    ]);
    expect(parts).toEqual([{ agent: tool.name, usage: undefined, cost: undefined }]);
  });

  it('input-required: the model reads the question, and the run’s next call continues the same task', async () => {
    const seen: Message[] = [];
    const agent = await server(
      executor(async (request, bus) => {
        seen.push(request.userMessage);
        if (request.task === undefined) {
          publishTask(bus, request, TaskState.TASK_STATE_SUBMITTED);
          status(bus, request, TaskState.TASK_STATE_INPUT_REQUIRED, 'Which city?');
          return;
        }
        bus.publish(AgentEvent.task(request.task));
        artifact(bus, request, [text(`Sunny in ${textsOf(request.userMessage.parts).join('')}.`)]);
        status(bus, request, TaskState.TASK_STATE_COMPLETED);
      }),
    );
    const tool = await only({ url: agent.url });
    const first = JSON.parse((await call(tool, 'Weather?', { runId: 'run-1' })).output);
    expect(first).toMatchObject({ inputRequired: true, question: 'Which city?' });
    expect(first.instructions).toContain('call Weather_Agent again');
    const second = JSON.parse((await call(tool, 'Oslo', { runId: 'run-1' })).output);
    expect(second).toEqual({ answer: 'Sunny in Oslo.' });
    expect(seen[1]?.taskId).toBe(seen[0]?.taskId);
    expect(seen[1]?.contextId).toBe(seen[0]?.contextId);
    // Another run starts its own task in its own context.
    await call(tool, 'Weather?', { runId: 'run-2' });
    expect(seen[2]?.taskId).not.toBe(seen[0]?.taskId);
    expect(seen[2]?.contextId).not.toBe(seen[0]?.contextId);
  });

  it('a failed task is an error envelope with the agent’s reason', async () => {
    const agent = await server(
      executor(async (request, bus) => {
        publishTask(bus, request, TaskState.TASK_STATE_SUBMITTED);
        status(bus, request, TaskState.TASK_STATE_FAILED, 'Out of credits');
      }),
    );
    const result = await call(await only({ url: agent.url }), 'Weather?');
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.output)).toEqual({
      ok: false,
      error: {
        code: 'remote_task_failed',
        message: 'The remote agent Weather Agent failed the task: Out of credits',
      },
    });
  });

  it('an executor that throws is a failed task, not a hang', async () => {
    const agent = await server(
      executor(async (request, bus) => {
        publishTask(bus, request, TaskState.TASK_STATE_SUBMITTED);
        throw new Error('database down');
      }),
    );
    const result = await call(await only({ url: agent.url }), 'Weather?');
    expect(JSON.parse(result.output).error.code).toBe('remote_task_failed');
  });

  it('an aborted run cancels the remote task (tasks/cancel) and rejects with AbortError', async () => {
    const cancelled = deferred<string>();
    const agent = await server(
      executor(
        async (request, bus) => {
          publishTask(bus, request, TaskState.TASK_STATE_SUBMITTED);
          status(bus, request, TaskState.TASK_STATE_WORKING, 'Thinking hard');
          await cancelled.promise;
        },
        async (taskId, bus) => {
          cancelled.resolve(taskId);
          bus.publish(
            AgentEvent.statusUpdate({
              taskId,
              contextId: '',
              status: {
                state: TaskState.TASK_STATE_CANCELED,
                message: undefined,
                timestamp: undefined,
              },
              metadata: undefined,
            }),
          );
        },
      ),
    );
    const tool = await only({ url: agent.url });
    const controller = new AbortController();
    const pending = call(tool, 'Weather?', {
      signal: controller.signal,
      onProgress: () => controller.abort(new Error('user left')),
    });
    await expect(pending).rejects.toSatisfy((error) => AbortError.isInstance(error));
    expect(await cancelled.promise).toMatch(/\S/);
  });

  it('an abort before the agent named its task still cancels it, once it is named', async () => {
    const started = deferred();
    const gate = deferred();
    const cancelled = deferred<string>();
    const agent = await server(
      executor(
        async (request, bus) => {
          started.resolve();
          await gate.promise;
          publishTask(bus, request, TaskState.TASK_STATE_WORKING);
          await cancelled.promise;
        },
        async (taskId, bus) => {
          cancelled.resolve(taskId);
          bus.publish(
            AgentEvent.statusUpdate({
              taskId,
              contextId: '',
              status: {
                state: TaskState.TASK_STATE_CANCELED,
                message: undefined,
                timestamp: undefined,
              },
              metadata: undefined,
            }),
          );
        },
      ),
    );
    const controller = new AbortController();
    const pending = call(await only({ url: agent.url }), 'Weather?', { signal: controller.signal });
    await started.promise;
    controller.abort();
    gate.resolve();
    await expect(pending).rejects.toSatisfy((error) => AbortError.isInstance(error));
    expect(await cancelled.promise).toMatch(/\S/);
  });

  it('a call that takes longer than timeoutMs cancels the task and tells the model', async () => {
    const cancelled = deferred<string>();
    const agent = await server(
      executor(
        async (request, bus) => {
          publishTask(bus, request, TaskState.TASK_STATE_WORKING);
          await cancelled.promise;
        },
        async (taskId) => cancelled.resolve(taskId),
      ),
    );
    // Shorter than the round trip may be: a deadline before the task is named waits for its name.
    const result = await call(await only({ url: agent.url, timeoutMs: 1 }), 'Weather?');
    expect(JSON.parse(result.output).error.code).toBe('timeout');
    expect(await cancelled.promise).toMatch(/\S/);
  });

  it('sends the agent’s headers with every request, and keeps them out of errors', async () => {
    const agent = await server(
      executor(async (request, bus) => {
        bus.publish(AgentEvent.message(agentMessage(request, [text('ok')], '')));
      }),
    );
    const tool = await only({
      url: agent.url,
      headers: () => ({ authorization: 'Bearer s3cret-token' }),
    });
    await call(tool, 'hi');
    expect(agent.requests.length).toBeGreaterThanOrEqual(2);
    for (const request of agent.requests)
      expect(request.headers.authorization).toBe('Bearer s3cret-token');

    const refusing = await startPlainServer(401, '{"error":"no"}');
    closers.push(refusing.close);
    const error = await a2aTools({
      url: refusing.url,
      headers: { authorization: 'Bearer s3cret-token' },
    }).catch((e) => e);
    expect(A2AError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'authentication', status: 401 });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('s3cret');
  });
});

describe('a2aTools: agents that cannot be used', () => {
  it('an unreachable agent: A2AError connection_error when reading the card', async () => {
    const gone = await startPlainServer(200, '{}');
    await gone.close();
    await expect(a2aTools({ url: gone.url })).rejects.toMatchObject({
      name: 'A2AError',
      code: 'connection_error',
    });
  });

  it('an agent that goes away after its card was read: an envelope the model reads', async () => {
    const agent = await startSdkServer(executor(async () => undefined));
    const tool = await only({ url: agent.url });
    await agent.close();
    const result = await call(tool, 'hi');
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.output).error.code).toBe('remote_agent_unreachable');
  });

  it('a protocol error is an envelope naming it, not a crash', async () => {
    const refusing = await startRefusingServer({
      code: -32603,
      message: 'the agent is overloaded',
    });
    closers.push(refusing.close);
    const result = await call(await only({ url: refusing.url }), 'hi');
    expect(result.isError).toBe(true);
    const { error } = JSON.parse(result.output);
    expect(error.code).toBe('remote_protocol_error');
    expect(error.message).toContain('the agent is overloaded');
  });

  for (const [label, status, body, code] of [
    ['a page that is not a card', 200, '{"hello":"world"}', 'invalid_response'],
    ['a body that is not JSON', 200, '<html>', 'invalid_response'],
    ['no card at all', 404, '{}', 'not_found'],
    ['a card without interfaces', 200, '{"name":"x","supportedInterfaces":[]}', 'invalid_response'],
  ] as const) {
    it(`an invalid card: ${label}`, async () => {
      const plain = await startPlainServer(status, body);
      closers.push(plain.close);
      await expect(a2aTools({ url: plain.url })).rejects.toMatchObject({ name: 'A2AError', code });
    });
  }

  it('an explicit card that is not one is a ValidationError of options.card, at once', async () => {
    await expect(a2aTools({ card: { name: 'x' } })).rejects.toMatchObject({
      name: 'ValidationError',
      argument: 'options.card',
      message:
        'Invalid options.card: Invalid agent card of the given card: no supportedInterfaces (or url)',
    });
  });

  it('a skill the card does not list is a ValidationError of options.skills', async () => {
    const agent = await server(executor(async () => undefined));
    await expect(a2aTools({ url: agent.url, skills: ['nope'] })).rejects.toMatchObject({
      name: 'ValidationError',
      argument: 'options.skills',
    });
  });

  it('bad options are ValidationErrors naming the option', async () => {
    for (const [options, argument] of [
      [undefined, 'options'],
      [{}, 'options'],
      [{ url: 'ftp://x' }, 'options.url'],
      [{ url: 'http://user:pw@x' }, 'options.url'],
      [{ url: 'http://x', timeoutMs: -1 }, 'options.timeoutMs'],
      [{ url: 'http://x', name: 'no spaces' }, 'options.name'],
      [{ url: 'http://x', skills: [1] }, 'options.skills'],
      [{ url: 'http://x', headers: { a: 1 } }, 'options.headers'],
      [{ url: 'http://x', bogus: 1 }, 'options.bogus'],
    ] as const) {
      await expect(a2aTools(options as never)).rejects.toMatchObject({
        name: 'ValidationError',
        argument,
      });
    }
  });

  it('bad tool arguments are an invalid_arguments envelope, not a call', async () => {
    const agent = await server(executor(async () => undefined));
    const tool = await only({ url: agent.url });
    for (const args of ['not json', '{}', '{"message": 3}', '{"message": "  "}']) {
      expect(JSON.parse(await tool.call(args)).error.code).toBe('invalid_arguments');
    }
  });
});
