import { describe, expect, it } from 'vitest';
import { blockedAddressReason, parseIp } from './ip-address.js';

describe('parseIp', () => {
  it.each([
    ['127.0.0.1', 4, [127, 0, 0, 1]],
    ['::1', 6, [...new Array(15).fill(0), 1]],
    ['[::1]', 6, [...new Array(15).fill(0), 1]],
    ['::ffff:127.0.0.1', 6, [...new Array(10).fill(0), 255, 255, 127, 0, 0, 1]],
    ['::ffff:7f00:1', 6, [...new Array(10).fill(0), 255, 255, 127, 0, 0, 1]],
    ['2001:db8::8:800:200c:417a', 6, [32, 1, 13, 184, 0, 0, 0, 0, 0, 8, 8, 0, 32, 12, 65, 122]],
    ['1:2:3:4:5:6:7:8', 6, [0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]],
  ])('parses %s', (text, family, bytes) => {
    expect(parseIp(text)).toEqual({ family, bytes });
  });

  it.each([
    '2130706433',
    '0177.0.0.1',
    '0x7f.1',
    '127.1',
    '256.0.0.1',
    '1.2.3',
    'fe80::1%eth0',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    'example.com',
    '',
    '::ffff:1.2.3.4.5',
  ])('does not parse %s', (text) => {
    expect(parseIp(text)).toBeUndefined();
  });
});

describe('blockedAddressReason', () => {
  it.each([
    ['0.0.0.0', 'this network'],
    ['0.255.255.255', 'this network'],
    ['10.1.2.3', 'private (10.0.0.0/8)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.16.0.1', 'private (172.16.0.0/12)'],
    ['172.31.255.255', 'private (172.16.0.0/12)'],
    ['192.0.0.8', 'IETF'],
    ['192.0.2.1', 'documentation'],
    ['192.168.1.1', 'private (192.168.0.0/16)'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'IPv4-mapped 127.0.0.1: loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped 169.254.169.254: link-local'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::8.8.8.8', 'IPv4-compatible'],
    ['64:ff9b::127.0.0.1', 'NAT64 127.0.0.1: loopback'],
    ['64:ff9b::a00:1', 'NAT64 10.0.0.1'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['100::1', 'discard-only'],
    ['2001::1', 'IETF protocol assignments'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::', '6to4 127.0.0.1: loopback'],
    ['2002:c0a8:101::1', '6to4 192.168.1.1'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['4000::1', 'outside 2000::/3'],
    ['not-an-ip', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(blockedAddressReason(address)).toContain(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '100.63.255.255',
    '100.128.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.169.0.1',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('allows the public address %s', (address) => {
    expect(blockedAddressReason(address)).toBeUndefined();
  });
});
