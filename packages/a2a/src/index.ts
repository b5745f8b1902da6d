/**
 * `@aigo/a2a` — the Agent2Agent protocol for aigo, on the official `@a2a-js/sdk`: remote A2A agents
 * as aigo tools (`a2aTools`), and any aigo agent served as an A2A server (`serveA2A`). The
 * PostgreSQL task store is in `@aigo/a2a/pg`.
 *
 * @packageDocumentation
 */

// The guard's pieces an application passes to serveA2A, and the request its tools read (ctx.a2a), so
// it need not import @aigo/http or @aigo/ai itself.
export type { A2ARequest } from '@aigo/ai';
export { type Authorize, type AuthorizedCaller, bearerAuth } from '@aigo/http';
export { a2aTools, toolNameOf } from './client/a2a-tools.js';
export type { A2AHeaders, A2AToolsOptions } from './client/a2a-tools-options.js';
export type { A2ARunStore, A2ARunStoreCallOptions } from './server/run-store.js';
export { type A2AServer, serveA2A } from './server/serve-a2a.js';
export type {
  A2AAnswer,
  A2AHandlerContext,
  A2AMessageHandler,
  A2AReplyAs,
  ServableAgent,
  ServeA2AOptions,
} from './server/serve-a2a-options.js';
export { A2AError, type A2AErrorOptions } from './shared/a2a-error.js';
