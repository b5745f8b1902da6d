import {
  AbortError,
  createToolSet,
  injectTraceContext,
  type ToolCallOptions,
  ValidationError,
} from '@aigo/ai';
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { McpServerError } from '../shared/mcp-server-error.js';
import { traceMeta } from '../shared/trace-meta.js';
import { checkClientOptions, type McpClientOptions } from './client-options.js';
import type {
  McpClient,
  McpPrompt,
  McpRequestOptions,
  McpResource,
  McpResourceContent,
  McpServerInfo,
} from './client-types.js';
import { promptMessages } from './prompt-messages.js';
import { openSession, provisionalName, type Session } from './session.js';
import { listAllTools, ToolCatalog } from './tool-catalog.js';
import { traceHeaders } from './trace-fetch.js';

/**
 * Connects to one MCP server — a child process over stdio (`{ command, args?, env?, cwd? }`) or a
 * Streamable HTTP endpoint (`{ url, headers? }`, falling back to HTTP+SSE) — runs the `initialize`
 * handshake and lists its tools. Resolves to a client whose `tools()` are ordinary aigo tools and
 * whose `toolSet` follows the server's `notifications/tools/list_changed`.
 *
 * @example
 * await using everything = await mcpClient({
 *   command: 'npx',
 *   args: ['-y', '@modelcontextprotocol/server-everything'],
 * });
 * const agent = createReAct(createClient(provider, { tools: everything.toolSet }));
 *
 * @throws ValidationError naming the bad option; McpServerError (naming the server) when it
 *   cannot be started, exits, hangs at start-up or sends something that is not MCP; AbortError
 *   when `options.signal` aborts.
 */
export async function mcpClient(options: McpClientOptions): Promise<McpClient> {
  const checked = checkClientOptions(options);
  let name = provisionalName(checked);
  let info: McpServerInfo = { name, version: '' };
  let session: Session | undefined;
  let opening: Promise<Session> | undefined;
  let closing: Promise<void> | undefined;
  const toolSet = createToolSet();
  /** The refresh of the tool list in flight, after `notifications/tools/list_changed`. */
  let refreshing: Promise<void> | undefined;

  const requestOptions = (signal: AbortSignal | undefined) => ({
    timeout: checked.timeoutMs,
    ...(signal === undefined ? {} : { signal }),
  });

  const catalog = new ToolCatalog(checked.prefix, checked.accepts, {
    serverName: () => name,
    callTool: async (mcpName, args, callOptions: ToolCallOptions) => {
      const current = await ensureSession();
      const carrier = injectTraceContext(checked.observer, callOptions.span);
      const meta = traceMeta(carrier);
      const onProgress = callOptions.onProgress;
      try {
        const call = () =>
          current.client.callTool(
            { name: mcpName, arguments: args, ...(meta === undefined ? {} : { _meta: meta }) },
            undefined,
            {
              ...requestOptions(callOptions.signal),
              resetTimeoutOnProgress: true,
              ...(onProgress === undefined
                ? {}
                : {
                    onprogress: (update) =>
                      onProgress({
                        progress: update.progress,
                        ...(update.total === undefined ? {} : { total: update.total }),
                        ...(update.message === undefined ? {} : { message: update.message }),
                      }),
                  }),
            },
          );
        // Only a call with a trace context runs in the context the HTTP transports' fetch reads.
        return (await (meta === undefined
          ? call()
          : traceHeaders.run(carrier, call))) as CallToolResult;
      } catch (error) {
        throw diedDuring(current, error, `the call of ${mcpName}`);
      } finally {
        // A call that changed the server's tools (it sent list_changed before its result) returns
        // once the new list is in the tool set, so the agent's next iteration sees it.
        await refreshing;
      }
    },
  });

  /** Lists the tools of `current` and publishes them; an unusable list is the server's error. */
  const refreshTools = async (current: Session, signal?: AbortSignal): Promise<void> => {
    if (current.client.getServerCapabilities()?.tools === undefined) {
      toolSet.set([]);
      return;
    }
    let definitions: Awaited<ReturnType<typeof listAllTools>>;
    try {
      definitions = await listAllTools(current.client, requestOptions(signal));
    } catch (error) {
      if (signal?.aborted === true) throw AbortError.fromSignal(signal);
      // The SDK checks the list against the protocol's schema: what fails there is the server's.
      throw toServerError(
        diedDuring(current, error, 'tools/list'),
        error instanceof McpError ? 'failed tools/list' : 'sent a tool list aigo cannot use',
      );
    }
    if (current === session) toolSet.set(catalog.build(definitions));
  };

  let refreshAgain = false;
  const onToolsChanged = (): void => {
    if (refreshing !== undefined) {
      refreshAgain = true;
      return;
    }
    refreshing = (async () => {
      do {
        refreshAgain = false;
        const current = session;
        if (current === undefined || !current.isOpen()) break;
        try {
          await refreshTools(current);
        } catch (error) {
          // The previous list stays; the application hears about it through its observer.
          checked.observer?.warn('MCP tool list refresh failed', {
            [ATTR_SERVER]: name,
            'error.message': (error as Error).message,
          });
        }
      } while (refreshAgain);
      refreshing = undefined;
    })();
  };

  const start = async (): Promise<Session> => {
    const next = await openSession(checked, { onToolsChanged });
    const version = next.client.getServerVersion();
    if (checked.name === undefined && version?.name) name = version.name;
    const instructions = next.client.getInstructions();
    info = Object.freeze({
      name: version?.name ?? name,
      version: version?.version ?? '',
      ...(version?.title === undefined ? {} : { title: version.title }),
      ...(instructions === undefined ? {} : { instructions }),
    });
    session = next;
    try {
      await refreshTools(next, checked.signal);
    } catch (error) {
      session = undefined;
      await next.close();
      throw error;
    }
    return next;
  };

  const ensureSession = async (): Promise<Session> => {
    if (closing !== undefined) {
      throw new McpServerError(name, 'connection_error', 'the client was closed');
    }
    if (session?.isOpen() === true) return session;
    if (opening !== undefined) return opening;
    if (!checked.reconnect) {
      throw new McpServerError(
        name,
        'connection_error',
        `is not running any more${session?.closeDetail() ?? ''}; pass reconnect: true to start it again at the next call`,
      );
    }
    opening = start().finally(() => {
      opening = undefined;
    });
    return opening;
  };

  /** Runs one request on the session, turning its failures into `McpServerError`s. */
  const request = async <T>(
    what: string,
    signal: AbortSignal | undefined,
    run: (current: Session) => Promise<T>,
  ): Promise<T> => {
    if (signal !== undefined && !(signal instanceof AbortSignal)) {
      throw new ValidationError('options.signal', 'must be an AbortSignal');
    }
    if (signal?.aborted === true) throw AbortError.fromSignal(signal);
    const current = await ensureSession();
    try {
      return await run(current);
    } catch (error) {
      if (isAborted(signal)) throw AbortError.fromSignal(signal);
      throw toServerError(diedDuring(current, error, what), `failed ${what}`);
    }
  };

  /** A failure on a session that has closed meanwhile: the server died during `what`. */
  const diedDuring = (current: Session, error: unknown, what: string): unknown => {
    if (current.isOpen() || McpServerError.isInstance(error)) return error;
    if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) return error;
    return new McpServerError(
      name,
      'connection_error',
      `exited during ${what}${current.closeDetail()}`,
      {
        cause: error,
      },
    );
  };

  const toServerError = (error: unknown, doing: string): unknown => {
    if (McpServerError.isInstance(error) || AbortError.isInstance(error)) return error;
    if (error instanceof McpError) {
      const code =
        error.code === ErrorCode.RequestTimeout
          ? 'timeout'
          : error.code === ErrorCode.InvalidParams || error.code === ErrorCode.InvalidRequest
            ? 'bad_request'
            : error.code === ErrorCode.MethodNotFound
              ? 'not_found'
              : 'server_error';
      return new McpServerError(name, code, `${doing}: ${error.message}`, {
        cause: error,
        mcpCode: error.code,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    return new McpServerError(name, 'invalid_response', `${doing}: ${message}`, { cause: error });
  };

  await start();

  const close = (): Promise<void> => {
    closing ??= (async () => {
      await opening?.catch(() => {});
      await session?.close();
    })();
    return closing;
  };

  return Object.freeze({
    get name() {
      return name;
    },
    get serverInfo() {
      return info;
    },
    get pid() {
      return session?.isOpen() === true ? session.pid : undefined;
    },
    toolSet: Object.freeze({
      get tools() {
        return toolSet.tools;
      },
      onChange: (listener: () => void) => toolSet.onChange(listener),
    }),
    async tools(options?: McpRequestOptions) {
      if (session?.isOpen() !== true && checked.reconnect && closing === undefined) {
        await request('tools/list', options?.signal, async () => undefined);
      }
      return toolSet.tools;
    },
    resources: (options?: McpRequestOptions) =>
      request('resources/list', options?.signal, async (current) => {
        const resources: McpResource[] = [];
        let cursor: string | undefined;
        do {
          const page = await current.client.listResources(
            cursor === undefined ? {} : { cursor },
            requestOptions(options?.signal),
          );
          for (const { uri, name, title, description, mimeType } of page.resources) {
            resources.push(
              stripUndefined({ uri, name, title, description, mimeType }) as McpResource,
            );
          }
          cursor = page.nextCursor;
        } while (cursor !== undefined);
        return resources;
      }),
    readResource: (uri: string, options?: McpRequestOptions) => {
      if (typeof uri !== 'string' || uri === '') {
        return Promise.reject(new ValidationError('uri', 'must be a non-empty string'));
      }
      return request(`resources/read ${uri}`, options?.signal, async (current) => {
        const result = await current.client.readResource({ uri }, requestOptions(options?.signal));
        return result.contents.map(
          (content) =>
            stripUndefined({
              uri: content.uri,
              mimeType: content.mimeType,
              text: 'text' in content ? content.text : undefined,
              blob: 'blob' in content ? content.blob : undefined,
            }) as McpResourceContent,
        );
      });
    },
    prompts: (options?: McpRequestOptions) =>
      request('prompts/list', options?.signal, async (current) => {
        const prompts: McpPrompt[] = [];
        let cursor: string | undefined;
        do {
          const page = await current.client.listPrompts(
            cursor === undefined ? {} : { cursor },
            requestOptions(options?.signal),
          );
          for (const prompt of page.prompts) {
            prompts.push(
              stripUndefined({
                name: prompt.name,
                title: prompt.title,
                description: prompt.description,
                arguments: (prompt.arguments ?? []).map((argument) =>
                  stripUndefined({
                    name: argument.name,
                    description: argument.description,
                    required: argument.required === true,
                  }),
                ),
              }) as unknown as McpPrompt,
            );
          }
          cursor = page.nextCursor;
        } while (cursor !== undefined);
        return prompts;
      }),
    getPrompt: (
      promptName: string,
      args: Readonly<Record<string, string>> = {},
      options?: McpRequestOptions,
    ) => {
      if (typeof promptName !== 'string' || promptName === '') {
        return Promise.reject(new ValidationError('name', 'must be a non-empty string'));
      }
      if (
        typeof args !== 'object' ||
        args === null ||
        Object.values(args).some((v) => typeof v !== 'string')
      ) {
        return Promise.reject(new ValidationError('args', 'must be an object of strings'));
      }
      return request(`prompts/get ${promptName}`, options?.signal, async (current) => {
        const result = await current.client.getPrompt(
          { name: promptName, arguments: { ...args } },
          requestOptions(options?.signal),
        );
        return Object.freeze({
          ...(result.description === undefined ? {} : { description: result.description }),
          messages: promptMessages(result.messages),
        });
      });
    },
    ping: (options?: McpRequestOptions) =>
      request('ping', options?.signal, async (current) => {
        await current.client.ping(requestOptions(options?.signal));
      }),
    close,
    [Symbol.asyncDispose]: close,
  });
}

const ATTR_SERVER = 'mcp.server.name';

/** True once `signal` aborted (a function, so a check after an `await` is not narrowed away). */
function isAborted(signal: AbortSignal | undefined): signal is AbortSignal {
  return signal?.aborted === true;
}

function stripUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
