import { ValidationError } from '@aigo/ai';
import { checkProviderOptions, type ProviderConnectionOptions } from '@aigo/http';
import { type AwsCredentialsOption, checkAwsCredentials } from '@aigo/http/aws';

/**
 * Options of {@link bedrock}. Every option is optional when the environment has what the AWS SDK
 * reads: the region from `AWS_REGION` (or `AWS_DEFAULT_REGION`), credentials from the SDK's Node
 * chain. Explicit options always win; `headers`, `timeoutMs` and `dispatcher` are those of every
 * adapter.
 */
export interface BedrockOptions extends ProviderConnectionOptions {
  /** The AWS region whose Bedrock runtime is called (`us-east-1`). Default: `AWS_REGION`, then `AWS_DEFAULT_REGION`. */
  readonly region?: string;
  /**
   * Credentials to sign with: `{ accessKeyId, secretAccessKey, sessionToken? }` or a provider of
   * them (any of the AWS SDK's `fromIni`, `fromSSO`, `fromTemporaryCredentials`, …). Default: the AWS
   * SDK's Node chain — environment, SSO, web identity, shared config files, process, container and
   * instance metadata — fetched once per expiry.
   */
  readonly credentials?: AwsCredentialsOption;
  /** The shared-config profile the default chain reads. Default: `AWS_PROFILE`, then `default`. */
  readonly profile?: string;
  /**
   * A Bedrock API key, sent as a bearer token instead of a signature. Default:
   * `AWS_BEARER_TOKEN_BEDROCK`, when it is set; otherwise requests are signed.
   */
  readonly apiKey?: string;
  /**
   * The runtime's base URL (a VPC endpoint, a proxy). Default: `AWS_ENDPOINT_URL_BEDROCK_RUNTIME`,
   * then `AWS_ENDPOINT_URL`, then `https://bedrock-runtime.<region>.amazonaws.com`.
   */
  readonly baseURL?: string;
  /** The model used when a request's `model` is empty (a model id, inference profile or ARN). */
  readonly defaultModel?: string;
}

/**
 * Checks the options of `bedrock()`.
 *
 * @throws ValidationError naming the first bad option, or one `bedrock()` does not take.
 */
export function validateBedrockOptions(options: BedrockOptions): void {
  checkProviderOptions(options, {
    factory: 'bedrock',
    known: ['region', 'credentials', 'profile', 'defaultModel'],
    strings: ['region', 'profile', 'defaultModel'],
  });
  if (options.region !== undefined && !/^[a-z]{2}(-[a-z]+)+-\d+$/.test(options.region)) {
    throw new ValidationError('options.region', `is not an AWS region: ${options.region}`);
  }
  checkAwsCredentials(options.credentials, 'options.credentials');
}
