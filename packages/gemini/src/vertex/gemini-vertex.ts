import { ValidationError } from '@aigo/ai';
import { firstEnvValue, isRecord, normalizeBaseURL, type RequestSigner } from '@aigo/http';
import {
  checkGoogleCredentials,
  type GoogleCredentialsOption,
  googleRequestSigner,
} from '@aigo/http/google';

/**
 * Where `gemini({ vertex })` calls Gemini: Google Cloud's Vertex AI, with the project's
 * credentials instead of an API key.
 */
export interface GeminiVertexOptions {
  /** The Google Cloud project. Default: `GOOGLE_CLOUD_PROJECT`. */
  readonly project?: string;
  /** The region (`us-central1`, `europe-west4`) or `global`. Default: `GOOGLE_CLOUD_LOCATION`, then `global`. */
  readonly location?: string;
  /**
   * Google credentials: a service-account key (the parsed JSON or its file path) or a token source
   * (a configured `GoogleAuth`, an `AuthClient`). Default: Application Default Credentials —
   * `GOOGLE_APPLICATION_CREDENTIALS`, gcloud's user credentials, workload identity, the metadata
   * server — through google-auth-library (an optional peer, loaded at the first call).
   */
  readonly credentials?: GoogleCredentialsOption;
}

/** The environment variables `vertex.project` is read from. */
export const GEMINI_VERTEX_PROJECT_ENV: readonly string[] = Object.freeze(['GOOGLE_CLOUD_PROJECT']);
/** The environment variables `vertex.location` is read from (default `global`). */
export const GEMINI_VERTEX_LOCATION_ENV: readonly string[] = Object.freeze([
  'GOOGLE_CLOUD_LOCATION',
]);

/** Vertex AI's host for a location: `aiplatform.googleapis.com` for `global`. */
export function vertexHost(location: string): string {
  return location === 'global'
    ? 'https://aiplatform.googleapis.com'
    : `https://${location}-aiplatform.googleapis.com`;
}

/**
 * Checks `options.vertex`.
 *
 * @throws ValidationError naming the bad field.
 */
export function checkVertexOptions(value: unknown): void {
  if (value === undefined) return;
  if (!isRecord(value))
    throw new ValidationError('options.vertex', 'must be { project, location, credentials? }');
  for (const key of Object.keys(value)) {
    if (key !== 'project' && key !== 'location' && key !== 'credentials') {
      throw new ValidationError(`options.vertex.${key}`, 'is not an option of vertex');
    }
  }
  for (const key of ['project', 'location'] as const) {
    const field = value[key];
    if (field !== undefined && (typeof field !== 'string' || !/^[a-z0-9-]+$/.test(field))) {
      throw new ValidationError(
        `options.vertex.${key}`,
        'must be a Google Cloud name (lower-case, digits, -)',
      );
    }
  }
  checkGoogleCredentials(value.credentials, 'options.vertex.credentials');
}

/** How a Vertex provider reaches the API: the models root and the token signer. */
export interface VertexEndpoint {
  /** `…/v1/projects/{project}/locations/{location}/publishers/google`: `models/{model}:…` follows. */
  readonly baseURL: string;
  /** Google access tokens, unless the application authorises requests itself. */
  readonly signRequest: RequestSigner | undefined;
}

/**
 * The endpoint of `gemini({ vertex })`: the project and location (options, then the environment),
 * the publisher root under `options.baseURL` or Vertex's host for the location, and the signer —
 * none when an API key (Vertex express mode) or an `authorization` header is given.
 *
 * @throws ValidationError when no project is given or set.
 */
export function vertexEndpoint(
  vertex: GeminiVertexOptions,
  baseURL: string | undefined,
  keyed: boolean,
  env: Readonly<Record<string, string | undefined>>,
): VertexEndpoint {
  const project = vertex.project ?? firstEnvValue(env, GEMINI_VERTEX_PROJECT_ENV);
  if (project === undefined) {
    throw new ValidationError(
      'options.vertex.project',
      `is required: pass it or set ${GEMINI_VERTEX_PROJECT_ENV.join(' or ')}`,
    );
  }
  const location = vertex.location ?? firstEnvValue(env, GEMINI_VERTEX_LOCATION_ENV) ?? 'global';
  const host =
    baseURL === undefined ? vertexHost(location) : normalizeBaseURL(baseURL, 'options.baseURL');
  return {
    baseURL: `${host}/v1/projects/${project}/locations/${location}/publishers/google`,
    signRequest: keyed
      ? undefined
      : googleRequestSigner({
          projectId: project,
          ...(vertex.credentials === undefined ? {} : { credentials: vertex.credentials }),
        }),
  };
}
