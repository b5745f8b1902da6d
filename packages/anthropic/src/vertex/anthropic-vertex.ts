import { ValidationError } from '@aigo/ai';
import { createHttpClient, firstEnvValue, mergeHeaders, resolveBaseURL } from '@aigo/http';
import {
  checkGoogleCredentials,
  type GoogleCredentialsOption,
  googleRequestSigner,
} from '@aigo/http/google';
import { AnthropicCloudProvider, cloudBody } from '../cloud/anthropic-cloud-provider.js';
import { type AnthropicCloudOptions, checkCloudOptions } from '../cloud/cloud-options.js';

/** The body version Vertex AI takes for Claude. */
export const ANTHROPIC_VERTEX_VERSION = 'vertex-2023-10-16';
/** The environment variables the project is read from, in order. */
export const ANTHROPIC_VERTEX_PROJECT_ENV: readonly string[] = Object.freeze([
  'GOOGLE_CLOUD_PROJECT',
  'ANTHROPIC_VERTEX_PROJECT_ID',
]);
/** The environment variables the location is read from, in order (default `global`). */
export const ANTHROPIC_VERTEX_LOCATION_ENV: readonly string[] = Object.freeze([
  'GOOGLE_CLOUD_LOCATION',
  'CLOUD_ML_REGION',
]);
/** The environment variables the base URL is read from. */
export const ANTHROPIC_VERTEX_BASE_URL_ENV: readonly string[] = Object.freeze([
  'ANTHROPIC_VERTEX_BASE_URL',
]);

/** Vertex AI's endpoint for a location: `aiplatform.googleapis.com` for `global`. */
export function ANTHROPIC_VERTEX_BASE_URL(location: string): string {
  return location === 'global'
    ? 'https://aiplatform.googleapis.com'
    : `https://${location}-aiplatform.googleapis.com`;
}

/** Options of {@link anthropicVertex}. */
export interface AnthropicVertexOptions extends AnthropicCloudOptions {
  /** The Google Cloud project. Default: `GOOGLE_CLOUD_PROJECT`, then `ANTHROPIC_VERTEX_PROJECT_ID`. */
  readonly project?: string;
  /** The region (`us-east5`, `europe-west1`) or `global`. Default: `GOOGLE_CLOUD_LOCATION`, `CLOUD_ML_REGION`, then `global`. */
  readonly location?: string;
  /**
   * Google credentials: a service-account key (object or file path) or a token source. Default:
   * Application Default Credentials (google-auth-library, an optional peer).
   */
  readonly credentials?: GoogleCredentialsOption;
}

const PROVIDER_ID = 'anthropic-vertex';

/**
 * Claude on Google Cloud's Vertex AI: the Messages mapping of `anthropic()` over
 * `…/publishers/anthropic/models/{model}:rawPredict` (and `:streamRawPredict`, server-sent events),
 * with a Google access token from google-auth-library (Application Default Credentials, a
 * service-account key, workload identity or the metadata server; fetched once per expiry).
 *
 * ```ts
 * const provider = anthropicVertex({ project: 'my-project', location: 'us-east5' });
 * await provider.sendMessage({ model: 'claude-sonnet-4-5@20250929', messages });
 * ```
 *
 * @throws ValidationError naming a bad option, or when no project is given or set.
 */
export function anthropicVertex(options: AnthropicVertexOptions = {}): AnthropicCloudProvider {
  checkCloudOptions(
    options,
    'anthropicVertex',
    ['project', 'location', 'credentials'],
    ['project', 'location'],
  );
  checkGoogleCredentials(options.credentials, 'options.credentials');
  const env = process.env;
  const project = options.project ?? firstEnvValue(env, ANTHROPIC_VERTEX_PROJECT_ENV);
  if (project === undefined) {
    throw new ValidationError(
      'options.project',
      `is required: pass it or set ${ANTHROPIC_VERTEX_PROJECT_ENV.join(' or ')}`,
    );
  }
  const location =
    options.location ?? firstEnvValue(env, ANTHROPIC_VERTEX_LOCATION_ENV) ?? 'global';
  if (!/^[a-z0-9-]+$/.test(location)) {
    throw new ValidationError('options.location', `is not a Google Cloud location: ${location}`);
  }
  const baseURL = resolveBaseURL({
    baseURL: options.baseURL,
    envVars: ANTHROPIC_VERTEX_BASE_URL_ENV,
    defaultURL: ANTHROPIC_VERTEX_BASE_URL(location),
    env,
  });
  const betas = options.betas ?? [];
  const headers = mergeHeaders(
    betas.length > 0 ? { 'anthropic-beta': betas.join(',') } : undefined,
    options.headers,
  );
  const http = createHttpClient({
    provider: PROVIDER_ID,
    headers,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
    ...(headers.authorization === undefined
      ? {
          signRequest: googleRequestSigner({
            projectId: project,
            ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
          }),
        }
      : {}),
  });
  const models = `${baseURL}/v1/projects/${encodeURIComponent(project)}/locations/${location}/publishers/anthropic/models`;
  return new AnthropicCloudProvider(
    {
      id: PROVIDER_ID,
      http,
      secrets: [],
      url: (model, stream) =>
        `${models}/${encodeURIComponent(model).replace('%40', '@')}:${stream ? 'streamRawPredict' : 'rawPredict'}`,
      body: (body, requestBetas) =>
        cloudBody(
          body,
          ANTHROPIC_VERTEX_VERSION,
          requestBetas.length > 0 ? { anthropic_beta: [...requestBetas] } : {},
        ),
      stream: async (url, body, requestOptions) => ({
        response: await http.postSse(url, body, requestOptions),
        wrap: (mapper) => mapper,
      }),
    },
    options.defaultModel,
  );
}
