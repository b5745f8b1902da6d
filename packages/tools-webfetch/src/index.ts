/**
 * `@aigo/tools-webfetch` — `webFetchTool()`: reads a web page for a model, safely (no private networks),
 * as Markdown of its main content.
 *
 * @packageDocumentation
 */

export { isReadableMediaType } from './decode-page.js';
export { htmlToMarkdown, type PageMarkdown } from './html-to-markdown.js';
export {
  WEBFETCH_DEFAULT_MAX_CHARACTERS,
  WEBFETCH_DEFAULT_USER_AGENT,
  WEBFETCH_MAX_TIMEOUT_SECONDS,
  WEBFETCH_METRICS,
  WebFetchInput,
  WebFetchOutput,
  type WebFetchTool,
  type WebFetchToolOptions,
  webFetchTool,
} from './web-fetch-tool.js';
