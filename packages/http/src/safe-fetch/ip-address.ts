/** An IP address as bytes: 4 for IPv4, 16 for IPv6. */
export interface ParsedIp {
  readonly family: 4 | 6;
  readonly bytes: readonly number[];
}

/**
 * Parses a canonical IP address: dotted-quad IPv4 (`192.0.2.1`, each part 0–255 in decimal, as the
 * WHATWG URL parser and the resolver produce them) or IPv6 (`::1`, `2001:db8::1`,
 * `::ffff:127.0.0.1`, with or without brackets). Returns `undefined` for anything else, including
 * zone ids (`fe80::1%eth0`) and the legacy numeric forms (`2130706433`, `0177.0.0.1`), which the URL
 * parser has already turned into dotted quads by the time a host reaches this function.
 */
export function parseIp(text: string): ParsedIp | undefined {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const v4 = parseIpv4(bare);
  if (v4 !== undefined) return { family: 4, bytes: v4 };
  const v6 = parseIpv6(bare);
  return v6 === undefined ? undefined : { family: 6, bytes: v6 };
}

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes: number[] = [];
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part)) return undefined;
    const value = Number(part);
    if (value > 255) return undefined;
    bytes.push(value);
  }
  return bytes;
}

function parseIpv6(text: string): number[] | undefined {
  if (text.length === 0 || text.length > 45 || !/^[0-9a-fA-F:.]+$/.test(text)) return undefined;
  let head = text;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    // An embedded IPv4 address as the last 32 bits (`::ffff:127.0.0.1`).
    const v4 = parseIpv4(text.slice(lastColon + 1));
    if (v4 === undefined || lastColon < 0) return undefined;
    tail = v4;
    head = text.slice(0, lastColon + 1);
    // `::ffff:1.2.3.4` leaves `::ffff:`; `1::1.2.3.4` leaves `1::`. Keep `::` whole, drop a single ':'.
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const parseGroups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const group of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return undefined;
      groups.push(Number.parseInt(group, 16));
    }
    return groups;
  };
  const left = parseGroups(halves[0] ?? '');
  const right = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (left === undefined || right === undefined) return undefined;
  const tailGroups = tail.length === 4 ? 2 : 0;
  const explicit = left.length + right.length + tailGroups;
  let groups: number[];
  if (halves.length === 2) {
    if (explicit > 7) return undefined;
    groups = [...left, ...new Array<number>(8 - explicit).fill(0), ...right];
  } else {
    if (explicit !== 8) return undefined;
    groups = left;
  }
  const bytes: number[] = [];
  for (const group of groups) bytes.push(group >> 8, group & 0xff);
  bytes.push(...tail);
  return bytes.length === 16 ? bytes : undefined;
}

interface Range {
  readonly prefix: readonly number[];
  readonly bits: number;
  readonly name: string;
}

function range(address: string, bits: number, name: string): Range {
  const parsed = parseIp(address);
  if (parsed === undefined) throw new Error(`bad range ${address}`);
  return { prefix: parsed.bytes, bits, name };
}

/** IPv4 ranges that are not the public internet (IANA special-purpose registry, RFC 6890 and successors). */
const BLOCKED_V4: readonly Range[] = [
  range('0.0.0.0', 8, '"this network" (0.0.0.0/8)'),
  range('10.0.0.0', 8, 'private (10.0.0.0/8)'),
  range('100.64.0.0', 10, 'carrier-grade NAT (100.64.0.0/10)'),
  range('127.0.0.0', 8, 'loopback (127.0.0.0/8)'),
  range('169.254.0.0', 16, 'link-local (169.254.0.0/16, cloud metadata)'),
  range('172.16.0.0', 12, 'private (172.16.0.0/12)'),
  range('192.0.0.0', 24, 'IETF protocol assignments (192.0.0.0/24)'),
  range('192.0.2.0', 24, 'documentation (192.0.2.0/24)'),
  range('192.88.99.0', 24, '6to4 relay anycast (192.88.99.0/24)'),
  range('192.168.0.0', 16, 'private (192.168.0.0/16)'),
  range('198.18.0.0', 15, 'benchmarking (198.18.0.0/15)'),
  range('198.51.100.0', 24, 'documentation (198.51.100.0/24)'),
  range('203.0.113.0', 24, 'documentation (203.0.113.0/24)'),
  range('224.0.0.0', 4, 'multicast (224.0.0.0/4)'),
  range('240.0.0.0', 4, 'reserved (240.0.0.0/4, broadcast included)'),
];

/** IPv6 ranges refused outright; addresses that embed an IPv4 address are handled separately. */
const BLOCKED_V6: readonly Range[] = [
  range('::', 128, 'unspecified (::)'),
  range('::1', 128, 'loopback (::1)'),
  range('64:ff9b:1::', 48, 'local-use NAT64 (64:ff9b:1::/48)'),
  range('100::', 64, 'discard-only (100::/64)'),
  range('2001::', 23, 'IETF protocol assignments (2001::/23, Teredo included)'),
  range('2001:db8::', 32, 'documentation (2001:db8::/32)'),
  range('3fff::', 20, 'documentation (3fff::/20)'),
  range('fc00::', 7, 'unique local (fc00::/7)'),
  range('fe80::', 10, 'link-local (fe80::/10)'),
  range('fec0::', 10, 'site-local (fec0::/10)'),
  range('ff00::', 8, 'multicast (ff00::/8)'),
];

/** IPv6 prefixes that carry an IPv4 address in their last 32 bits, which must be public itself. */
const EMBEDS_V4: readonly Range[] = [
  range('::ffff:0:0', 96, 'IPv4-mapped'),
  range('64:ff9b::', 96, 'NAT64'),
];
const V4_COMPATIBLE = range('::', 96, 'IPv4-compatible (::/96, deprecated)');
const SIX_TO_FOUR = range('2002::', 16, '6to4');
const GLOBAL_UNICAST = range('2000::', 3, 'global unicast');

function inRange(bytes: readonly number[], candidate: Range): boolean {
  let bits = candidate.bits;
  for (let index = 0; bits > 0; index++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[index] ?? 0) & mask) !== ((candidate.prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

function formatV4(bytes: readonly number[]): string {
  return bytes.join('.');
}

/**
 * Why an address must not be connected to, or `undefined` when it is a public unicast address.
 * Refused: loopback, private, link-local (cloud metadata at 169.254.169.254 included), carrier-grade
 * NAT, "this network", multicast, reserved, broadcast, documentation and benchmarking ranges, and
 * their IPv6 equivalents (`::1`, `::`, `fc00::/7`, `fe80::/10`, `fec0::/10`, `ff00::/8`, ...).
 * IPv4-mapped (`::ffff:a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`) and 6to4 (`2002:aabb:ccdd::`) addresses
 * are judged by the IPv4 address they carry; IPv4-compatible (`::a.b.c.d`) addresses are refused.
 * IPv6 is allowed only inside global unicast (2000::/3). Text that is not an IP address is refused.
 */
export function blockedAddressReason(address: string): string | undefined {
  const parsed = parseIp(address);
  if (parsed === undefined) return 'not an IP address';
  return blockedReasonOf(parsed);
}

function blockedReasonOf(parsed: ParsedIp): string | undefined {
  const { bytes } = parsed;
  if (parsed.family === 4) {
    return BLOCKED_V4.find((candidate) => inRange(bytes, candidate))?.name;
  }
  for (const embedding of EMBEDS_V4) {
    if (inRange(bytes, embedding)) {
      const v4 = bytes.slice(12);
      const reason = blockedReasonOf({ family: 4, bytes: v4 });
      return reason === undefined ? undefined : `${embedding.name} ${formatV4(v4)}: ${reason}`;
    }
  }
  const blocked = BLOCKED_V6.find((candidate) => inRange(bytes, candidate));
  if (blocked !== undefined) return blocked.name;
  if (inRange(bytes, V4_COMPATIBLE)) return V4_COMPATIBLE.name;
  if (inRange(bytes, SIX_TO_FOUR)) {
    const v4 = bytes.slice(2, 6);
    const reason = blockedReasonOf({ family: 4, bytes: v4 });
    return reason === undefined ? undefined : `6to4 ${formatV4(v4)}: ${reason}`;
  }
  if (!inRange(bytes, GLOBAL_UNICAST)) return 'reserved IPv6 (outside 2000::/3)';
  return undefined;
}
