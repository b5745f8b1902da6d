import { ValidationError } from '@aigo/ai';
import { resolveBaseURL } from '../options/base-url.js';
import { firstEnvValue } from '../options/first-env-value.js';
import { createHttpClient, type HttpClient } from '../transport/http-client.js';
import type { HttpClientOptions } from '../transport/http-client-options.js';
import { mergeHeaders } from '../wire/merge-headers.js';
import type { AwsCredentialsOption } from './aws-credentials.js';
import { awsRequestSigner } from './aws-signer.js';

/** The environment variables the region is read from, in order (the AWS SDK's). */
export const AWS_REGION_ENV: readonly string[] = Object.freeze([
  'AWS_REGION',
  'AWS_DEFAULT_REGION',
]);

/** What the AWS adapters' factories take to reach a Bedrock runtime. */
export interface AwsConnectionOptions {
  readonly region?: string;
  readonly credentials?: AwsCredentialsOption;
  readonly profile?: string;
  /** A Bedrock API key, sent as a bearer token instead of a signature. */
  readonly apiKey?: string;
  readonly baseURL?: string;
  readonly headers?: { readonly [name: string]: string };
  readonly timeoutMs?: number;
  readonly dispatcher?: HttpClientOptions['dispatcher'];
}

/** What an AWS adapter fixes about its service. */
export interface AwsServiceSettings {
  /** The provider id on errors (`bedrock`). */
  readonly provider: string;
  /** The service signing name (`bedrock`). */
  readonly service: string;
  /** The service's URL in a region. */
  readonly defaultURL: (region: string) => string;
  /** Variables naming the base URL, in order (`AWS_ENDPOINT_URL_BEDROCK_RUNTIME`). */
  readonly baseURLEnv: readonly string[];
  /** Variables holding a bearer API key, in order (`AWS_BEARER_TOKEN_BEDROCK`). */
  readonly apiKeyEnv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** Where an AWS adapter's calls go and the client they go through. */
export interface AwsConnection {
  readonly region: string;
  readonly baseURL: string;
  readonly http: HttpClient;
  /** The secrets to scrub from errors built outside the client. */
  readonly secrets: readonly string[];
}

/**
 * The set-up of an AWS adapter: the region (`options.region`, else `AWS_REGION`, else
 * `AWS_DEFAULT_REGION`), the base URL, and an HTTP client that signs every request with SigV4
 * ({@link awsRequestSigner}: the given credentials, else the SDK's chain) — or, with an API key
 * (`apiKey`, else the service's variable) or an `authorization` header of the application's, sends
 * that instead. Given credentials and keys are scrubbed from errors.
 *
 * @throws ValidationError when no region is given or set, or for a bad base URL or header.
 */
export function connectAws(
  options: AwsConnectionOptions,
  settings: AwsServiceSettings,
): AwsConnection {
  const { env } = settings;
  const region = options.region ?? firstEnvValue(env, AWS_REGION_ENV);
  if (region === undefined) {
    throw new ValidationError(
      'options.region',
      `is required: pass it or set ${AWS_REGION_ENV.join(' or ')}`,
    );
  }
  const baseURL = resolveBaseURL({
    baseURL: options.baseURL,
    envVars: settings.baseURLEnv,
    defaultURL: settings.defaultURL(region),
    env,
  });
  const apiKey = options.apiKey ?? firstEnvValue(env, settings.apiKeyEnv);
  const credentials = options.credentials;
  const secrets: string[] = apiKey === undefined ? [] : [apiKey];
  if (credentials !== undefined && typeof credentials === 'object') {
    secrets.push(credentials.secretAccessKey, credentials.accessKeyId);
    if (credentials.sessionToken) secrets.push(credentials.sessionToken);
  }
  const headers = mergeHeaders(
    apiKey === undefined ? undefined : { authorization: `Bearer ${apiKey}` },
    options.headers,
  );
  const signed = apiKey === undefined && headers.authorization === undefined;
  const http = createHttpClient({
    provider: settings.provider,
    headers,
    secrets,
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.dispatcher === undefined ? {} : { dispatcher: options.dispatcher }),
    ...(signed
      ? {
          signRequest: awsRequestSigner({
            region,
            service: settings.service,
            ...(credentials === undefined ? {} : { credentials }),
            ...(options.profile === undefined ? {} : { profile: options.profile }),
          }),
        }
      : {}),
  });
  return { region, baseURL, http, secrets: Object.freeze(secrets) };
}
