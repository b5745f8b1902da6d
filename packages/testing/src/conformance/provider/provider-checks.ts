import type { ConformanceCheck } from '../conformance-check.js';
import { abortChecks } from './abort-checks.js';
import { connectionFaultChecks } from './connection-fault-checks.js';
import { httpErrorChecks } from './http-error-checks.js';
import { pairChecks } from './pair-checks.js';
import { providerHarness } from './provider-harness.js';
import type { ProviderConformanceOptions } from './provider-options.js';
import { secretChecks } from './secret-checks.js';
import { sendsModelAndKeyCheck, sendTextCheck, sendToolCallsCheck } from './send-checks.js';
import { streamTextCheck, streamToolCallsCheck } from './stream-checks.js';
import { usageCheck } from './usage-checks.js';
import { validateOptions } from './validate-options.js';

/**
 * The provider conformance checks, for any runner. Each check starts its own recorded server and
 * provider, and closes both. Throws a `ValidationError` naming the first bad option.
 */
export function providerConformanceChecks(options: ProviderConformanceOptions): ConformanceCheck[] {
  validateOptions(options);
  const h = providerHarness(options);
  return [
    sendTextCheck(h),
    sendsModelAndKeyCheck(h),
    streamTextCheck(h),
    sendToolCallsCheck(h),
    streamToolCallsCheck(h),
    usageCheck(h),
    ...abortChecks(h),
    ...httpErrorChecks(h),
    ...connectionFaultChecks(h),
    ...secretChecks(h),
    ...pairChecks(h, options.pairs ?? []),
  ];
}
