/**
 * `@aigo/bedrock` — Amazon Bedrock behind aigo's `StreamProvider`, on the Converse and
 * ConverseStream APIs: text, tool use, images, documents and video, reasoning with its signatures,
 * cache points with cache usage, stop reasons, guardrail traces; AWS Signature V4 by the AWS SDK's
 * signer and credentials from the SDK's chain; ConverseStream decoded by `@smithy/eventstream-codec`.
 *
 * @packageDocumentation
 */

export type { AwsCredentials, AwsCredentialsOption, AwsCredentialsProvider } from '@aigo/http/aws';
export type { BedrockOptions } from './bedrock-options.js';
export {
  BEDROCK_API_KEY_ENV,
  BEDROCK_BASE_URL,
  BEDROCK_BASE_URL_ENV,
  BEDROCK_REGION_ENV,
  BedrockProvider,
  bedrock,
} from './bedrock-provider.js';
export type { BedrockRequestOptions } from './bedrock-request-options.js';
export type { BedrockMetadata } from './shared/bedrock-metadata.js';
