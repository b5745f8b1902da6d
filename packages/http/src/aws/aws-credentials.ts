import { AigoError, ValidationError } from '@aigo/ai';

/** AWS credentials: an access key pair, with the session token of temporary credentials. */
export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
  /** When temporary credentials expire; the chain fetches new ones five minutes before. */
  readonly expiration?: Date;
}

/**
 * Resolves credentials when a request is signed. The AWS SDK's providers (`fromIni`, `fromSSO`,
 * `fromTemporaryCredentials`, …) are of this shape and can be passed as they are; the signer calls
 * it for every request, so a provider that fetches should cache (the SDK's do).
 */
export type AwsCredentialsProvider = () => Promise<AwsCredentials>;

/** The `credentials` option of the AWS adapters: fixed credentials or a provider of them. */
export type AwsCredentialsOption = AwsCredentials | AwsCredentialsProvider;

type NodeChainModule = typeof import('@aws-sdk/credential-provider-node');

/**
 * Checks a `credentials` option: an object with string `accessKeyId` and `secretAccessKey` (and
 * `sessionToken`), or a function.
 *
 * @throws ValidationError naming `argument` and the bad field.
 */
export function checkAwsCredentials(value: unknown, argument: string): void {
  if (value === undefined || typeof value === 'function') return;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ValidationError(argument, 'must be { accessKeyId, secretAccessKey } or a function');
  }
  const record = value as Record<string, unknown>;
  for (const field of ['accessKeyId', 'secretAccessKey'] as const) {
    if (typeof record[field] !== 'string' || record[field] === '') {
      throw new ValidationError(`${argument}.${field}`, 'must be a non-empty string');
    }
  }
  if (record.sessionToken !== undefined && typeof record.sessionToken !== 'string') {
    throw new ValidationError(`${argument}.sessionToken`, 'must be a string');
  }
}

/**
 * The AWS SDK's default Node credential chain (`@aws-sdk/credential-provider-node`, an optional
 * peer loaded at the first call): environment variables, SSO, web identity, the shared
 * `~/.aws/credentials` and `~/.aws/config` files (`profile`, else `AWS_PROFILE`), `credential_process`,
 * then the ECS and EC2 instance metadata endpoints. The chain memoizes what it found and fetches
 * again only five minutes before temporary credentials expire — once per expiry, not per call.
 *
 * A chain that finds nothing fails the call with `AigoError` `missing_api_key`, saying where it
 * looked; no credential value ever reaches the message.
 */
export function awsCredentialChain(
  options: { readonly profile?: string } = {},
): AwsCredentialsProvider {
  let chain: Promise<AwsCredentialsProvider> | undefined;
  const load = (): Promise<AwsCredentialsProvider> => {
    chain ??= (import('@aws-sdk/credential-provider-node') as Promise<NodeChainModule>).then(
      ({ defaultProvider }) =>
        defaultProvider(options.profile === undefined ? {} : { profile: options.profile }),
      (error: unknown) => {
        chain = undefined;
        throw new AigoError(
          'unsupported',
          'AWS credentials from the environment need the optional peer dependency ' +
            '@aws-sdk/credential-provider-node: install it, or pass credentials',
          { cause: error },
        );
      },
    );
    return chain;
  };
  return async () => {
    const provider = await load();
    try {
      return await provider();
    } catch (error) {
      throw new AigoError(
        'missing_api_key',
        'No AWS credentials found: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE ' +
          '(a profile of ~/.aws/credentials or ~/.aws/config), run where instance or container ' +
          `credentials are served, or pass credentials (${safeMessage(error)})`,
      );
    }
  };
}

/** The first line of a credential provider's error, which names where it looked, never a value. */
function safeMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.slice(0, 200) ?? '';
}
