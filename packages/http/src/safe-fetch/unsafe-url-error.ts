import { ValidationError } from '@aigo/ai';

/** Why a URL was refused. */
export type UnsafeUrlReason =
  /** Not http: or https:. */
  | 'scheme'
  /** `user:password@` in the URL. */
  | 'credentials'
  /** Not a URL, or no host. */
  | 'malformed'
  /** `localhost` or a `*.localhost` name. */
  | 'local_name'
  /** The host is, or resolves to, an address outside the public internet. */
  | 'private_address'
  /** The host could not be resolved (a lookup failure refuses the request: fail closed). */
  | 'dns_failure';

/**
 * A URL that `safeFetch` refused before connecting: a scheme other than http(s), a local name, or a
 * host that is (or resolves to) a loopback, private, link-local, CGNAT, multicast or reserved address
 * — for the first URL and for every redirect. A `ValidationError` for the argument `url`, with the
 * `reason` and, for addresses, the refused `address`.
 */
export class UnsafeUrlError extends ValidationError {
  static override readonly marker: symbol = Symbol.for('@aigo/http/UnsafeUrlError');
  readonly reason: UnsafeUrlReason;
  /** The refused URL, with secrets removed. */
  readonly url: string;
  /** The address that was refused, for `private_address`. */
  readonly address: string | undefined;

  constructor(
    reason: UnsafeUrlReason,
    url: string,
    problem: string,
    options?: { address?: string; cause?: unknown },
  ) {
    super(
      'url',
      `${url} was refused: ${problem}`,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.reason = reason;
    this.url = url;
    this.address = options?.address;
  }
}
