import { AigoError, ValidationError } from '@aigo/ai';
import type { RequestSigner } from '../transport/request-signer.js';

/** The OAuth scope Vertex AI is called with. */
export const GOOGLE_CLOUD_PLATFORM_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';

/** Anything that hands out access tokens: a `GoogleAuth` or an `AuthClient` of google-auth-library. */
export interface GoogleTokenSource {
  getAccessToken(): Promise<string | null | undefined | { token?: string | null | undefined }>;
}

/**
 * Google credentials for the Vertex adapters: a service-account key (its JSON parsed, or the path of
 * its file), or a token source of your own (a configured `GoogleAuth`, an `AuthClient`). Default:
 * Application Default Credentials — `GOOGLE_APPLICATION_CREDENTIALS`, the gcloud user credentials,
 * workload identity federation, then the metadata server of Compute Engine, GKE, Cloud Run.
 */
export type GoogleCredentialsOption =
  | string
  | GoogleTokenSource
  | {
      readonly client_email: string;
      readonly private_key: string;
      readonly [field: string]: unknown;
    }
  | { readonly type: string; readonly [field: string]: unknown };

type GoogleAuthModule = typeof import('google-auth-library');

/** Options of {@link googleRequestSigner}. */
export interface GoogleSignerOptions {
  /** Where tokens come from. Default: Application Default Credentials. */
  readonly credentials?: GoogleCredentialsOption;
  /** The Google Cloud project the calls are for, so credentials need not look it up. */
  readonly projectId?: string;
}

/**
 * Checks a Vertex `credentials` option.
 *
 * @throws ValidationError naming `argument`.
 */
export function checkGoogleCredentials(value: unknown, argument: string): void {
  if (value === undefined) return;
  if (typeof value === 'string') {
    if (value.trim() === '') throw new ValidationError(argument, 'must not be empty');
    return;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(
      argument,
      'must be a key file path, a service-account key object or a token source ({ getAccessToken })',
    );
  }
  const record = value as Record<string, unknown>;
  if (typeof record.getAccessToken === 'function') return;
  if (typeof record.type !== 'string' && typeof record.client_email !== 'string') {
    throw new ValidationError(argument, 'must be a Google credentials object (with a `type`)');
  }
}

/**
 * A {@link RequestSigner} that sends a Google access token as `authorization: Bearer …`. Tokens
 * come from `google-auth-library` (an optional peer loaded at the first call) with the
 * cloud-platform scope; the library caches each token and fetches a new one shortly before it
 * expires, so a token is fetched once per expiry, not per call. A failure to get one rejects the
 * call with `AigoError` `missing_api_key` naming where credentials come from; token values never
 * reach an error (the header is redacted by name).
 *
 * @throws ValidationError for a bad `credentials` value.
 */
export function googleRequestSigner(options: GoogleSignerOptions = {}): RequestSigner {
  const { credentials, projectId } = options;
  checkGoogleCredentials(credentials, 'options.credentials');
  let source: Promise<GoogleTokenSource> | undefined;
  const load = (): Promise<GoogleTokenSource> => {
    if (
      credentials !== undefined &&
      typeof credentials === 'object' &&
      'getAccessToken' in credentials
    ) {
      source ??= Promise.resolve(credentials as GoogleTokenSource);
      return source;
    }
    source ??= (import('google-auth-library') as Promise<GoogleAuthModule>).then(
      ({ GoogleAuth }) =>
        new GoogleAuth({
          scopes: [GOOGLE_CLOUD_PLATFORM_SCOPE],
          // Known from the adapter's options: ADC would otherwise look it up (gcloud, metadata).
          ...(projectId === undefined ? {} : { projectId }),
          ...(typeof credentials === 'string' ? { keyFilename: credentials } : {}),
          ...(typeof credentials === 'object'
            ? { credentials: credentials as Record<string, string> }
            : {}),
        }) as GoogleTokenSource,
      (error: unknown) => {
        source = undefined;
        throw new AigoError(
          'unsupported',
          'Google credentials need the optional peer dependency google-auth-library: install it',
          { cause: error },
        );
      },
    );
    return source;
  };
  return async () => {
    const auth = await load();
    let token: string | null | undefined;
    try {
      const answer = await auth.getAccessToken();
      token = typeof answer === 'object' && answer !== null ? answer.token : answer;
    } catch (error) {
      throw new AigoError(
        'missing_api_key',
        'No Google access token: set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file, ' +
          'run `gcloud auth application-default login`, run where the metadata server answers, or ' +
          `pass credentials (${firstLine(error)})`,
      );
    }
    if (typeof token !== 'string' || token === '') {
      throw new AigoError('missing_api_key', 'The Google credentials gave no access token');
    }
    return { authorization: `Bearer ${token}` };
  };
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').slice(0, 200);
}
