import { lookup as dnsLookup } from 'node:dns/promises';
import { AbortError, raceAbort } from '@aigo/ai';
import { redactUrl } from '../errors/redact.js';
import { blockedAddressReason, parseIp } from './ip-address.js';
import { UnsafeUrlError } from './unsafe-url-error.js';

/** One address a host name resolves to. */
export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/**
 * Resolves a host name to its addresses. The default uses the operating system's resolver
 * (`dns.lookup` with `all: true`); tests inject their own to map a public-looking name to 127.0.0.1.
 * Throwing, or resolving to no address, refuses the request (fail closed).
 */
export type HostResolver = (
  hostname: string,
  signal: AbortSignal | undefined,
) => Promise<readonly ResolvedAddress[]>;

/** The operating system's resolver (`dns.lookup`, every address, in the resolver's order). */
export const systemResolver: HostResolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({
    address: answer.address,
    family: answer.family === 6 ? 6 : 4,
  }));
};

/** Which hosts may be reached although they are not on the public internet. */
export interface AddressPolicy {
  /** Skip the address checks for every host (tests, self-hosted deployments). */
  readonly allowPrivateNetwork: boolean;
  /** Host names (or IP literals) exempt from the address checks, lower-case, no trailing dot. */
  readonly allowedPrivateHosts: ReadonlySet<string>;
  readonly resolver: HostResolver;
}

/** A host name as the allow list and the pinned lookup compare it: lower-case, no brackets, no trailing dot. */
export function hostKey(hostname: string): string {
  let key = hostname.toLowerCase();
  if (key.startsWith('[') && key.endsWith(']')) key = key.slice(1, -1);
  if (key.endsWith('.')) key = key.slice(0, -1);
  return key;
}

/**
 * Parses a URL and refuses what must never be fetched whatever it resolves to: a scheme other than
 * http: or https:, credentials in the URL, a missing host. Legacy numeric hosts (`2130706433`,
 * `0177.0.0.1`, `0x7f.1`, `127.1`) come out of the WHATWG parser as the dotted quad they mean.
 */
export function parseTarget(url: string | URL, base?: URL): URL {
  let parsed: URL;
  try {
    parsed = typeof url === 'string' ? new URL(url, base) : new URL(url.href);
  } catch (error) {
    throw new UnsafeUrlError('malformed', redactUrl(String(url)), 'is not a valid absolute URL', {
      cause: error,
    });
  }
  const shown = redactUrl(parsed.href);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UnsafeUrlError(
      'scheme',
      shown,
      `uses the ${parsed.protocol} scheme; only http: and https: URLs are fetched`,
    );
  }
  if (parsed.username !== '' || parsed.password !== '') {
    throw new UnsafeUrlError('credentials', shown, 'must not carry user:password credentials');
  }
  if (parsed.hostname === '') throw new UnsafeUrlError('malformed', shown, 'has no host');
  return parsed;
}

/**
 * Decides the one address a request to `url` connects to: an IP literal is checked as it is; a name
 * is resolved, and every address it resolves to must be public (one private answer among public ones
 * refuses the request, so a resolver cannot smuggle one in). Returns the first address; the caller
 * connects to exactly that address, so no later DNS answer (rebinding) is ever used. A lookup that
 * fails or finds nothing refuses the request.
 */
export async function resolveTarget(
  url: URL,
  policy: AddressPolicy,
  signal: AbortSignal | undefined,
): Promise<ResolvedAddress> {
  const key = hostKey(url.hostname);
  const shown = redactUrl(url.href);
  const trusted = policy.allowPrivateNetwork || policy.allowedPrivateHosts.has(key);
  if (!trusted && (key === 'localhost' || key.endsWith('.localhost'))) {
    throw new UnsafeUrlError('local_name', shown, `points at ${key}, a name for this machine`);
  }
  const literal = parseIp(key);
  if (literal !== undefined) {
    const address = key;
    if (!trusted) refuseBlocked(address, shown, undefined);
    return { address, family: literal.family };
  }
  let answers: readonly ResolvedAddress[];
  try {
    answers = await raceAbort(policy.resolver(key, signal), signal);
  } catch (error) {
    if (signal?.aborted) throw AbortError.fromSignal(signal);
    const code = (error as { code?: unknown } | null)?.code;
    throw new UnsafeUrlError(
      'dns_failure',
      shown,
      `its host ${key} could not be resolved${typeof code === 'string' ? ` (${code})` : ''}; nothing was fetched`,
      { cause: error },
    );
  }
  if (signal?.aborted) throw AbortError.fromSignal(signal);
  if (!Array.isArray(answers) || answers.length === 0) {
    throw new UnsafeUrlError('dns_failure', shown, `its host ${key} resolved to no address`);
  }
  for (const answer of answers) {
    const parsed = parseIp(String(answer?.address));
    if (parsed === undefined) {
      throw new UnsafeUrlError(
        'dns_failure',
        shown,
        `its host ${key} resolved to something that is not an IP address`,
      );
    }
    if (!trusted) refuseBlocked(String(answer.address), shown, key);
  }
  const first = answers[0] as ResolvedAddress;
  const family = parseIp(first.address)?.family ?? 4;
  return { address: first.address, family };
}

function refuseBlocked(address: string, shown: string, hostname: string | undefined): void {
  const reason = blockedAddressReason(address);
  if (reason === undefined) return;
  const where =
    hostname === undefined ? `its host ${address}` : `${hostname} resolves to ${address}`;
  throw new UnsafeUrlError(
    'private_address',
    shown,
    `${where}, which is ${reason}; only public internet addresses are fetched (set allowPrivateNetwork for trusted networks)`,
    { address },
  );
}
