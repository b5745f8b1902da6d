/**
 * `@aigo/http/aws` — what the AWS adapters share: AWS Signature Version 4 by the AWS SDK's signer,
 * the SDK's Node credential chain, and the decoding of AWS's binary event stream by
 * `@smithy/eventstream-codec`. The AWS libraries are optional peers, loaded at the first call.
 *
 * @packageDocumentation
 */

export {
  AWS_REGION_ENV,
  type AwsConnection,
  type AwsConnectionOptions,
  type AwsServiceSettings,
  connectAws,
} from './aws-connection.js';
export {
  type AwsCredentials,
  type AwsCredentialsOption,
  type AwsCredentialsProvider,
  awsCredentialChain,
  checkAwsCredentials,
} from './aws-credentials.js';
export { AWS_EVENT_STREAM_TYPE, awsEventStreamDecoding } from './aws-event-stream.js';
export { awsStreamException } from './aws-exception.js';
export { type AwsSignerOptions, awsRequestSigner } from './aws-signer.js';
