import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostResolver, ResolvedAddress } from './resolve-target.js';
import { safeFetch } from './safe-fetch.js';
import { UnsafeUrlError, type UnsafeUrlReason } from './unsafe-url-error.js';

// The private listener: a real HTTP server on 127.0.0.1 that counts every TCP connection it accepts.
// Every hostile URL below points at it (or at another non-public address); none may reach it.
let privateServer: Server;
let privatePort = 0;
let privateConnections = 0;
// An allowed test host ("allowed.test" → 127.0.0.1, exempted with allowedPrivateHosts) that redirects.
let allowed: RecordedServer;

const resolverCalls: string[] = [];
const DNS: Record<string, readonly ResolvedAddress[]> = {
  'allowed.test': [{ address: '127.0.0.1', family: 4 }],
  'public-looking.example': [{ address: '127.0.0.1', family: 4 }],
  'www.totally-legit-news.com': [{ address: '127.0.0.1', family: 4 }],
  'mixed.example': [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'metadata.example': [{ address: '169.254.169.254', family: 4 }],
  'mapped.example': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'v6-loopback.example': [{ address: '::1', family: 6 }],
  'private-net.example': [{ address: '10.20.30.40', family: 4 }],
  '127.0.0.1.nip.io': [{ address: '127.0.0.1', family: 4 }],
  'empty.example': [],
};
/** The test's resolver: a fixed table; any other name fails like NXDOMAIN (no real DNS query). */
const lookup: HostResolver = async (hostname) => {
  resolverCalls.push(hostname);
  const answer = DNS[hostname];
  if (answer === undefined) {
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  }
  return answer;
};

beforeAll(async () => {
  privateServer = createServer((_request, response) => response.end('secret'));
  privateServer.on('connection', () => {
    privateConnections += 1;
  });
  await new Promise<void>((resolve) => privateServer.listen(0, '127.0.0.1', resolve));
  privatePort = (privateServer.address() as AddressInfo).port;
  allowed = await startRecordedServer([
    {
      method: 'GET',
      path: '/redirect',
      respond: (request, response) => {
        response.writeHead(302, { location: request.query.to ?? '/' });
        response.end();
      },
    },
  ]);
});

afterAll(async () => {
  await allowed?.close();
  await new Promise<void>((resolve) => privateServer.close(() => resolve()));
});

type Case = readonly [url: () => string, reason: UnsafeUrlReason];
const P = () => privatePort;

const DIRECT: Record<string, Case> = {
  'loopback literal': [() => `http://127.0.0.1:${P()}/`, 'private_address'],
  'another loopback address': [() => `http://127.0.0.2:${P()}/`, 'private_address'],
  'decimal host 2130706433': [() => `http://2130706433:${P()}/`, 'private_address'],
  'octal host 0177.0.0.1': [() => `http://0177.0.0.1:${P()}/`, 'private_address'],
  'hex short host 0x7f.1': [() => `http://0x7f.1:${P()}/`, 'private_address'],
  'hex host 0x7f000001': [() => `http://0x7f000001:${P()}/`, 'private_address'],
  'octal host 017700000001': [() => `http://017700000001:${P()}/`, 'private_address'],
  'short host 127.1': [() => `http://127.1:${P()}/`, 'private_address'],
  'short host 127.0.1': [() => `http://127.0.1:${P()}/`, 'private_address'],
  'percent-encoded host': [() => `http://%31%32%37.0.0.1:${P()}/`, 'private_address'],
  'full-width digits host': [() => `http://①②⑦.⓪.⓪.①:${P()}/`, 'private_address'],
  localhost: [() => `http://localhost:${P()}/`, 'local_name'],
  'LOCALHOST with a trailing dot': [() => `http://LOCALHOST.:${P()}/`, 'local_name'],
  '*.localhost': [() => `http://api.localhost:${P()}/`, 'local_name'],
  'IPv6 loopback': [() => `http://[::1]:${P()}/`, 'private_address'],
  'IPv6 loopback in full': [() => `http://[0:0:0:0:0:0:0:1]:${P()}/`, 'private_address'],
  'IPv6 unspecified': [() => `http://[::]:${P()}/`, 'private_address'],
  'IPv4-mapped loopback': [() => `http://[::ffff:127.0.0.1]:${P()}/`, 'private_address'],
  'IPv4-mapped loopback in hex': [() => `http://[::ffff:7f00:1]:${P()}/`, 'private_address'],
  'IPv4-compatible loopback': [() => `http://[::127.0.0.1]:${P()}/`, 'private_address'],
  'NAT64 loopback': [() => `http://[64:ff9b::127.0.0.1]:${P()}/`, 'private_address'],
  '6to4 loopback': [() => `http://[2002:7f00:1::]:${P()}/`, 'private_address'],
  '0.0.0.0': [() => `http://0.0.0.0:${P()}/`, 'private_address'],
  'host 0': [() => `http://0:${P()}/`, 'private_address'],
  'private 10/8': [() => `http://10.0.0.1:${P()}/`, 'private_address'],
  'private 172.16/12': [() => `http://172.16.5.4:${P()}/`, 'private_address'],
  'private 192.168/16': [() => `http://192.168.0.1:${P()}/`, 'private_address'],
  'cloud metadata 169.254.169.254': [
    () => 'http://169.254.169.254/latest/meta-data/',
    'private_address',
  ],
  'CGNAT 100.64/10': [() => `http://100.64.0.1:${P()}/`, 'private_address'],
  multicast: [() => `http://224.0.0.1:${P()}/`, 'private_address'],
  broadcast: [() => `http://255.255.255.255:${P()}/`, 'private_address'],
  'reserved 240/4': [() => `http://240.0.0.1:${P()}/`, 'private_address'],
  'IPv6 unique local': [() => `http://[fc00::1]:${P()}/`, 'private_address'],
  'AWS IPv6 metadata': [() => 'http://[fd00:ec2::254]/', 'private_address'],
  'IPv6 link-local': [() => `http://[fe80::1]:${P()}/`, 'private_address'],
  'IPv6 multicast': [() => `http://[ff02::1]:${P()}/`, 'private_address'],
  'https to loopback': [() => `https://127.0.0.1:${P()}/`, 'private_address'],
  'ftp scheme': [() => `ftp://127.0.0.1:${P()}/`, 'scheme'],
  'file scheme': [() => 'file:///etc/passwd', 'scheme'],
  'gopher scheme': [() => `gopher://127.0.0.1:${P()}/_stats`, 'scheme'],
  'data scheme': [() => 'data:text/plain,hello', 'scheme'],
  'javascript scheme': [() => 'javascript:alert(1)', 'scheme'],
  credentials: [() => `http://user:pass@127.0.0.1:${P()}/`, 'credentials'],
  'public-looking name resolving to 127.0.0.1': [
    () => `http://www.totally-legit-news.com:${P()}/article`,
    'private_address',
  ],
  'name resolving to public and loopback addresses': [
    () => `http://mixed.example:${P()}/`,
    'private_address',
  ],
  'name resolving to cloud metadata': [() => 'http://metadata.example/', 'private_address'],
  'name resolving to IPv4-mapped loopback': [
    () => `http://mapped.example:${P()}/`,
    'private_address',
  ],
  'name resolving to ::1': [() => `http://v6-loopback.example:${P()}/`, 'private_address'],
  'name resolving to 10/8': [() => `http://private-net.example:${P()}/`, 'private_address'],
  '127.0.0.1.nip.io': [() => `http://127.0.0.1.nip.io:${P()}/`, 'private_address'],
  'unresolvable name (fails closed)': [() => `http://nxdomain.example:${P()}/`, 'dns_failure'],
  'name with no address (fails closed)': [() => `http://empty.example:${P()}/`, 'dns_failure'],
  'not a URL': [() => 'http://', 'malformed'],
};

/** Through the allowed host: a redirect to each target. */
const REDIRECTED: Record<string, Case> = {
  'redirect to 127.0.0.1': [() => `http://127.0.0.1:${P()}/`, 'private_address'],
  'redirect to a public-looking name resolving to 127.0.0.1': [
    () => `http://public-looking.example:${P()}/`,
    'private_address',
  ],
  'redirect to [::1]': [() => `http://[::1]:${P()}/`, 'private_address'],
  'redirect to 0x7f.1': [() => `http://0x7f.1:${P()}/`, 'private_address'],
  'redirect to cloud metadata': [
    () => 'http://169.254.169.254/latest/meta-data/iam/',
    'private_address',
  ],
  'scheme-relative redirect to localhost': [() => `//localhost:${P()}/`, 'local_name'],
  'redirect to file:': [() => 'file:///etc/passwd', 'scheme'],
  'redirect chain ending at 127.0.0.1': [
    () =>
      `/redirect?to=${encodeURIComponent(`http://allowed.test:${allowed.port}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${P()}/`)}`)}`,
    'private_address',
  ],
};

async function expectRefused(url: string, reason: UnsafeUrlReason): Promise<UnsafeUrlError> {
  const error = await safeFetch(url, {
    lookup,
    allowedPrivateHosts: ['allowed.test'],
    timeoutMs: 5000,
  }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(UnsafeUrlError.isInstance(error), `${url} → ${String(error)}`).toBe(true);
  const refused = error as UnsafeUrlError;
  expect(refused.code).toBe('validation');
  expect(refused.argument).toBe('url');
  expect(refused.reason).toBe(reason);
  return refused;
}

describe('safeFetch refuses hostile URLs before connecting', () => {
  it('has at least 40 hostile URLs', () => {
    expect(Object.keys(DIRECT).length + Object.keys(REDIRECTED).length).toBeGreaterThanOrEqual(40);
  });

  it.each(Object.entries(DIRECT))('%s', async (_name, [url, reason]) => {
    await expectRefused(url(), reason);
    expect(privateConnections).toBe(0);
  });

  it.each(Object.entries(REDIRECTED))('%s (from the allowed host)', async (_name, [to, reason]) => {
    const before = allowed.requests.length;
    const start = `http://allowed.test:${allowed.port}/redirect?to=${encodeURIComponent(to())}`;
    const error = await expectRefused(start, reason);
    // The allowed host was reached (so the refusal is the redirect's), the private one never.
    expect(allowed.requests.length).toBeGreaterThan(before);
    expect(error.url).not.toContain('allowed.test:');
    expect(privateConnections).toBe(0);
  });

  it('never asked the resolver about IP literals', () => {
    expect(resolverCalls.every((name) => /[a-z]/.test(name) && !name.includes(':'))).toBe(true);
    expect(resolverCalls).not.toContain('127.0.0.1');
  });

  it('the private listener saw no connection at all', () => {
    expect(privateConnections).toBe(0);
  });

  // Control: the listener does count connections, so the zeros above mean something.
  it('reaches the same listener when the private network is allowed (control)', async () => {
    const response = await safeFetch(`http://public-looking.example:${P()}/`, {
      lookup,
      allowPrivateNetwork: true,
    });
    expect(response.status).toBe(200);
    expect(response.text()).toBe('secret');
    expect(response.address).toBe('127.0.0.1');
    expect(privateConnections).toBe(1);
  });
});
