import {
  METRIC_GEN_AI_CLIENT_OPERATION_DURATION,
  METRIC_GEN_AI_CLIENT_TOKEN_USAGE,
} from '@aigo/ai';

/**
 * The bucket boundaries the OpenTelemetry GenAI semantic conventions recommend for the two client
 * histograms (seconds, and tokens in powers of four). Passed as advice: a view still wins.
 */
export const HISTOGRAM_BUCKETS: Readonly<Record<string, readonly number[]>> = Object.freeze({
  [METRIC_GEN_AI_CLIENT_OPERATION_DURATION]: [
    0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1.28, 2.56, 5.12, 10.24, 20.48, 40.96, 81.92,
  ],
  [METRIC_GEN_AI_CLIENT_TOKEN_USAGE]: [
    1, 4, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864,
  ],
});
