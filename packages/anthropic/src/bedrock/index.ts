/**
 * `@aigo/anthropic/bedrock` — Claude on Amazon Bedrock. The AWS libraries (`@smithy/signature-v4`,
 * `@smithy/hash-node`, `@aws-sdk/credential-provider-node`, `@smithy/eventstream-codec`) are
 * optional peers, loaded at the first call.
 *
 * @packageDocumentation
 */

export type { AwsCredentials, AwsCredentialsOption, AwsCredentialsProvider } from '@aigo/http/aws';
export { AnthropicCloudProvider } from '../cloud/anthropic-cloud-provider.js';
export type { AnthropicCloudOptions } from '../cloud/cloud-options.js';
export {
  ANTHROPIC_BEDROCK_API_KEY_ENV,
  ANTHROPIC_BEDROCK_BASE_URL,
  ANTHROPIC_BEDROCK_BASE_URL_ENV,
  ANTHROPIC_BEDROCK_VERSION,
  type AnthropicBedrockOptions,
  anthropicBedrock,
} from './anthropic-bedrock.js';
