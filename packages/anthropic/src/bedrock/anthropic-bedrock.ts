import {
  type AwsCredentialsOption,
  awsEventStreamDecoding,
  checkAwsCredentials,
  connectAws,
} from '@aigo/http/aws';
import { AnthropicCloudProvider, cloudBody } from '../cloud/anthropic-cloud-provider.js';
import { type AnthropicCloudOptions, checkCloudOptions } from '../cloud/cloud-options.js';
import { BedrockChunkMapper } from './bedrock-chunk-mapper.js';

/** The body version Bedrock takes for Claude. */
export const ANTHROPIC_BEDROCK_VERSION = 'bedrock-2023-05-31';
/** The environment variables the base URL is read from, in order (the AWS SDK's). */
export const ANTHROPIC_BEDROCK_BASE_URL_ENV: readonly string[] = Object.freeze([
  'AWS_ENDPOINT_URL_BEDROCK_RUNTIME',
  'AWS_ENDPOINT_URL',
]);
/** The environment variables a Bedrock API key is read from. */
export const ANTHROPIC_BEDROCK_API_KEY_ENV: readonly string[] = Object.freeze([
  'AWS_BEARER_TOKEN_BEDROCK',
]);

/** The Bedrock runtime in a region. */
export function ANTHROPIC_BEDROCK_BASE_URL(region: string): string {
  return `https://bedrock-runtime.${region}.amazonaws.com`;
}

/** Options of {@link anthropicBedrock}. */
export interface AnthropicBedrockOptions extends AnthropicCloudOptions {
  /** The AWS region. Default: `AWS_REGION`, then `AWS_DEFAULT_REGION`. */
  readonly region?: string;
  /** Credentials or a provider of them. Default: the AWS SDK's Node chain (an optional peer). */
  readonly credentials?: AwsCredentialsOption;
  /** The shared-config profile the default chain reads. */
  readonly profile?: string;
  /** A Bedrock API key (bearer token) instead of signing. Default: `AWS_BEARER_TOKEN_BEDROCK` when set. */
  readonly apiKey?: string;
}

const PROVIDER_ID = 'anthropic-bedrock';

/**
 * Claude on Amazon Bedrock through InvokeModel with the Messages body: the mapping of `anthropic()`
 * over `/model/{modelId}/invoke` and `/invoke-with-response-stream` (AWS's event stream, decoded
 * by `@smithy/eventstream-codec`), signed with SigV4 (the AWS SDK's signer and credential chain,
 * optional peers) or a Bedrock API key. Model ids and cross-region inference profiles
 * (`us.anthropic.claude-sonnet-4-5-20250929-v1:0`) and ARNs alike.
 *
 * ```ts
 * const provider = anthropicBedrock({ region: 'us-east-1' });
 * await provider.sendMessage({ model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', messages });
 * ```
 *
 * @throws ValidationError naming a bad option, or when no region is given or set.
 */
export function anthropicBedrock(options: AnthropicBedrockOptions = {}): AnthropicCloudProvider {
  checkCloudOptions(
    options,
    'anthropicBedrock',
    ['region', 'credentials', 'profile'],
    ['region', 'profile'],
  );
  checkAwsCredentials(options.credentials, 'options.credentials');
  const { baseURL, http, secrets } = connectAws(options, {
    provider: PROVIDER_ID,
    service: 'bedrock',
    defaultURL: ANTHROPIC_BEDROCK_BASE_URL,
    baseURLEnv: ANTHROPIC_BEDROCK_BASE_URL_ENV,
    apiKeyEnv: ANTHROPIC_BEDROCK_API_KEY_ENV,
    env: process.env,
  });
  const defaultBetas = options.betas ?? [];
  return new AnthropicCloudProvider(
    {
      id: PROVIDER_ID,
      http,
      secrets,
      url: (model, stream) =>
        `${baseURL}/model/${encodeURIComponent(model)}/${stream ? 'invoke-with-response-stream' : 'invoke'}`,
      body: ({ stream: _stream, ...body }, requestBetas) => {
        const betas = [...new Set([...defaultBetas, ...requestBetas])];
        return cloudBody(
          body,
          ANTHROPIC_BEDROCK_VERSION,
          betas.length > 0 ? { anthropic_beta: betas } : {},
        );
      },
      stream: async (url, body, requestOptions) => {
        const decoding = await awsEventStreamDecoding();
        return {
          response: await http.postDecodedStream(url, body, decoding, requestOptions),
          wrap: (mapper) => new BedrockChunkMapper(mapper, PROVIDER_ID, secrets),
        };
      },
    },
    options.defaultModel,
  );
}
