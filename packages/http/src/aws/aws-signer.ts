import { AigoError, ValidationError } from '@aigo/ai';
import type { RequestSigner, SignableRequest } from '../transport/request-signer.js';
import {
  type AwsCredentials,
  type AwsCredentialsOption,
  awsCredentialChain,
  checkAwsCredentials,
} from './aws-credentials.js';

/** Options of {@link awsRequestSigner}. */
export interface AwsSignerOptions {
  /** The region signed for (`us-east-1`). */
  readonly region: string;
  /** The service signing name (`bedrock`). */
  readonly service: string;
  /** Fixed credentials or a provider of them. Default: {@link awsCredentialChain} with `profile`. */
  readonly credentials?: AwsCredentialsOption;
  /** The shared-config profile the default chain reads. Default: `AWS_PROFILE`, else `default`. */
  readonly profile?: string;
}

type SignerModules = [typeof import('@smithy/signature-v4'), typeof import('@smithy/hash-node')];

interface Signer {
  sign(request: {
    method: string;
    protocol: string;
    hostname: string;
    port?: number;
    path: string;
    query: Record<string, string | string[]>;
    headers: Record<string, string>;
    body: string;
  }): Promise<{ headers: Record<string, string> }>;
}

/** Headers that are not signed: they may change on the way (`user-agent` by proxies). */
const UNSIGNED = new Set(['user-agent', 'content-length', 'connection', 'expect']);

/**
 * A {@link RequestSigner} that signs each request with AWS Signature Version 4 by the AWS SDK's own
 * signer (`@smithy/signature-v4` with `@smithy/hash-node`'s SHA-256, optional peers loaded at the
 * first call): the method, the path as sent (segments escaped once more, as SigV4 asks), the query,
 * the `host` and the request's own headers, and the SHA-256 of the exact body. It adds
 * `authorization`, `x-amz-date` and, for temporary
 * credentials, `x-amz-security-token` — all redacted from errors by name.
 *
 * @throws ValidationError naming the bad option.
 */
export function awsRequestSigner(options: AwsSignerOptions): RequestSigner {
  if (options === null || typeof options !== 'object') {
    throw new ValidationError('options', 'must be { region, service, credentials? }');
  }
  for (const field of ['region', 'service'] as const) {
    if (typeof options[field] !== 'string' || !/^[a-z0-9-]+$/.test(options[field])) {
      throw new ValidationError(`options.${field}`, 'must be an AWS name such as us-east-1');
    }
  }
  checkAwsCredentials(options.credentials, 'options.credentials');
  const credentials: AwsCredentials | (() => Promise<AwsCredentials>) =
    options.credentials ??
    awsCredentialChain(options.profile === undefined ? {} : { profile: options.profile });
  let signer: Promise<Signer> | undefined;
  const load = (): Promise<Signer> => {
    signer ??= (
      Promise.all([
        import('@smithy/signature-v4'),
        import('@smithy/hash-node'),
      ]) as Promise<SignerModules>
    ).then(
      ([{ SignatureV4 }, { Hash }]) =>
        new SignatureV4({
          service: options.service,
          region: options.region,
          credentials,
          sha256: Hash.bind(null, 'sha256'),
          // As the SDK's Bedrock clients: the body's hash is signed, not sent as a header.
          applyChecksum: false,
        }) as unknown as Signer,
      (error: unknown) => {
        signer = undefined;
        throw new AigoError(
          'unsupported',
          'AWS signing needs the optional peer dependencies @smithy/signature-v4 and @smithy/hash-node: install them',
          { cause: error },
        );
      },
    );
    return signer;
  };
  return async (request: SignableRequest) => {
    const sigv4 = await load();
    const url = new URL(request.url);
    const headers: Record<string, string> = { host: url.host };
    for (const [name, value] of Object.entries(request.headers)) {
      if (!UNSIGNED.has(name)) headers[name] = value;
    }
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = value;
    const signed = await sigv4.sign({
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port === '' ? {} : { port: Number(url.port) }),
      path: url.pathname,
      query,
      headers,
      body: request.body,
    });
    const added: Record<string, string> = {};
    for (const [name, value] of Object.entries(signed.headers)) {
      const lower = name.toLowerCase();
      if (lower !== 'host' && request.headers[lower] !== value) added[lower] = value;
    }
    return added;
  };
}
