import type { Message, Tool, ToolSet } from '@aigo/ai';

/** Options of a request to the server. */
export interface McpRequestOptions {
  readonly signal?: AbortSignal;
}

/** What the server says about itself at initialisation. */
export interface McpServerInfo {
  readonly name: string;
  readonly version: string;
  readonly title?: string;
  /** The server's instructions for the model, when it sent some. */
  readonly instructions?: string;
}

/** A resource the server offers (`resources/list`). */
export interface McpResource {
  readonly uri: string;
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly mimeType?: string;
}

/** One content item of a read resource: `text`, or `blob` (base64). */
export interface McpResourceContent {
  readonly uri: string;
  readonly mimeType?: string;
  readonly text?: string;
  readonly blob?: string;
}

/** A prompt the server offers (`prompts/list`). */
export interface McpPrompt {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly arguments: readonly {
    readonly name: string;
    readonly description?: string;
    readonly required: boolean;
  }[];
}

/** A prompt filled in by the server (`prompts/get`), as aigo messages. */
export interface McpPromptResult {
  readonly description?: string;
  /**
   * The prompt's messages: user messages keep their images, audio and embedded resources as
   * content parts; assistant messages keep their text.
   */
  readonly messages: readonly Message[];
}

/** A connection to one MCP server; made by `mcpClient`. */
export interface McpClient extends AsyncDisposable {
  /** The server's name: the `name` option, else the name the server gave at initialisation. */
  readonly name: string;
  /** What the server said about itself when it was (last) started. */
  readonly serverInfo: McpServerInfo;
  /**
   * The server's tools as a dynamic tool set: it changes when the server sends
   * `notifications/tools/list_changed`, and after a reconnection. Hand it to `createClient`.
   */
  readonly toolSet: ToolSet;
  /** The child's pid (stdio servers), while it runs. */
  readonly pid: number | undefined;
  /** The server's tools now, as aigo tools (the same array as `toolSet.tools`). */
  tools(options?: McpRequestOptions): Promise<readonly Tool[]>;
  /** `resources/list`, every page. */
  resources(options?: McpRequestOptions): Promise<readonly McpResource[]>;
  /** `resources/read`. */
  readResource(uri: string, options?: McpRequestOptions): Promise<readonly McpResourceContent[]>;
  /** `prompts/list`, every page. */
  prompts(options?: McpRequestOptions): Promise<readonly McpPrompt[]>;
  /** `prompts/get` with the prompt's arguments. */
  getPrompt(
    name: string,
    args?: Readonly<Record<string, string>>,
    options?: McpRequestOptions,
  ): Promise<McpPromptResult>;
  /** `ping`: resolves when the server answered. */
  ping(options?: McpRequestOptions): Promise<void>;
  /** Closes the connection and ends the child process; waits until it has exited. Idempotent. */
  close(): Promise<void>;
}
