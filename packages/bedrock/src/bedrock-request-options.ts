import { ValidationError } from '@aigo/ai';
import { isRecord, type JsonRecord, readProviderRequestOptions } from '@aigo/http';
import { BEDROCK_PROVIDER_ID } from './shared/bedrock-metadata.js';

/**
 * Per-request settings for Bedrock, passed as `request.providerOptions.bedrock`. Every key is
 * optional; unknown keys are rejected.
 *
 * ```ts
 * await provider.sendMessage({
 *   model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
 *   messages,
 *   providerOptions: {
 *     bedrock: { guardrailConfig: { guardrailIdentifier: 'gr-1', guardrailVersion: '1', trace: 'enabled' } },
 *   },
 * });
 * ```
 */
export interface BedrockRequestOptions {
  /** A guardrail to apply (`guardrailIdentifier`, `guardrailVersion`, `trace`), sent as it is. */
  readonly guardrailConfig?: { readonly [key: string]: unknown };
  /** Model-specific fields Converse passes through (`top_k`, Claude's `thinking`, Nova's `reasoningConfig`). */
  readonly additionalModelRequestFields?: { readonly [key: string]: unknown };
  /** JSON pointers of model-specific response fields to return (`/stop_sequence`). */
  readonly additionalModelResponseFieldPaths?: readonly string[];
  /**
   * Cache points (Claude and Nova): `true` puts one after the system prompt, after the tools and at
   * the end of the conversation, so the next turn reads the prefix from the cache.
   */
  readonly cache?: boolean;
  /** `{ latency: 'optimized' }` for latency-optimised inference where the model offers it. */
  readonly performanceConfig?: { readonly [key: string]: unknown };
  /** Key–value pairs logged with the invocation (model invocation logs). */
  readonly requestMetadata?: { readonly [key: string]: string };
}

const KNOWN = [
  'guardrailConfig',
  'additionalModelRequestFields',
  'additionalModelResponseFieldPaths',
  'cache',
  'performanceConfig',
  'requestMetadata',
] as const;

/**
 * Reads and checks `request.providerOptions.bedrock`.
 *
 * @throws ValidationError naming the bad key (`request.providerOptions.bedrock.cache`).
 */
export function parseBedrockRequestOptions(request: {
  readonly providerOptions?: unknown;
}): BedrockRequestOptions {
  const raw = readProviderRequestOptions(request, BEDROCK_PROVIDER_ID, KNOWN);
  if (raw === undefined) return {};
  const where = `request.providerOptions.${BEDROCK_PROVIDER_ID}`;
  for (const key of [
    'guardrailConfig',
    'additionalModelRequestFields',
    'performanceConfig',
    'requestMetadata',
  ] as const) {
    if (raw[key] !== undefined && !isRecord(raw[key])) {
      throw new ValidationError(`${where}.${key}`, 'must be an object');
    }
  }
  const paths = raw.additionalModelResponseFieldPaths;
  if (paths !== undefined && (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string'))) {
    throw new ValidationError(
      `${where}.additionalModelResponseFieldPaths`,
      'must be an array of strings',
    );
  }
  if (raw.cache !== undefined && typeof raw.cache !== 'boolean') {
    throw new ValidationError(`${where}.cache`, 'must be a boolean');
  }
  const metadata = raw.requestMetadata;
  if (isRecord(metadata) && Object.values(metadata).some((v) => typeof v !== 'string')) {
    throw new ValidationError(`${where}.requestMetadata`, 'must map names to strings');
  }
  return raw as JsonRecord & BedrockRequestOptions;
}
