import type { LookupAddress, LookupOptions } from 'node:dns';
import { hostKey, type ResolvedAddress } from './resolve-target.js';

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `net.connect` / `tls.connect` that answers only from `pinned`: the address each host
 * was checked at, never a fresh DNS answer. A host that was not checked gets an error, so a socket can
 * never be opened to an address nobody validated. (IP literals never reach a lookup: they were checked
 * as they are.)
 */
export function pinnedLookup(pinned: ReadonlyMap<string, ResolvedAddress>) {
  return (hostname: string, options: LookupOptions | number, callback: LookupCallback): void => {
    const address = pinned.get(hostKey(hostname));
    if (address === undefined) {
      const error: NodeJS.ErrnoException = new Error(
        `${hostname} was not checked before connecting; refusing to resolve it`,
      );
      error.code = 'ENOTFOUND';
      callback(error, '', undefined);
      return;
    }
    if (typeof options === 'object' && options !== null && options.all === true) {
      callback(null, [{ address: address.address, family: address.family }]);
      return;
    }
    callback(null, address.address, address.family);
  };
}
