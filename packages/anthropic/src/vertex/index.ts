/**
 * `@aigo/anthropic/vertex` — Claude on Google Cloud's Vertex AI. google-auth-library is an optional
 * peer, loaded at the first call; importing this entry loads nothing of it.
 *
 * @packageDocumentation
 */

export type { GoogleCredentialsOption } from '@aigo/http/google';
export { AnthropicCloudProvider } from '../cloud/anthropic-cloud-provider.js';
export type { AnthropicCloudOptions } from '../cloud/cloud-options.js';
export {
  ANTHROPIC_VERTEX_BASE_URL,
  ANTHROPIC_VERTEX_BASE_URL_ENV,
  ANTHROPIC_VERTEX_LOCATION_ENV,
  ANTHROPIC_VERTEX_PROJECT_ENV,
  ANTHROPIC_VERTEX_VERSION,
  type AnthropicVertexOptions,
  anthropicVertex,
} from './anthropic-vertex.js';
