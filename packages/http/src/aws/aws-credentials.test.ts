import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { awsCredentialChain, checkAwsCredentials } from './aws-credentials.js';

/** Every variable the AWS SDK's Node chain reads, cleared so the machine's own never leak in. */
const CHAIN_VARIABLES = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_CREDENTIAL_EXPIRATION',
  'AWS_PROFILE',
  'AWS_SHARED_CREDENTIALS_FILE',
  'AWS_CONFIG_FILE',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_ROLE_ARN',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
  'AWS_CONTAINER_AUTHORIZATION_TOKEN',
  'AWS_EC2_METADATA_DISABLED',
  'AWS_EC2_METADATA_SERVICE_ENDPOINT',
];

let home: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'aigo-aws-home-'));
  for (const name of CHAIN_VARIABLES) vi.stubEnv(name, undefined);
  vi.stubEnv('HOME', home);
  // Missing files in the temporary home: the chain must not read the machine's ~/.aws.
  vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', join(home, 'credentials'));
  vi.stubEnv('AWS_CONFIG_FILE', join(home, 'config'));
  vi.stubEnv('AWS_EC2_METADATA_DISABLED', 'true');
});

afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(home, { recursive: true, force: true });
});

describe('awsCredentialChain', () => {
  it('reads credentials from the environment', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAENVIRONMENT00001');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'env-secret');
    vi.stubEnv('AWS_SESSION_TOKEN', 'env-token');
    const credentials = await awsCredentialChain()();
    expect(credentials).toMatchObject({
      accessKeyId: 'AKIAENVIRONMENT00001',
      secretAccessKey: 'env-secret',
      sessionToken: 'env-token',
    });
  });

  it('reads a named profile from the shared credentials file of a temporary home', async () => {
    writeFileSync(
      join(home, 'credentials'),
      '[default]\naws_access_key_id = AKIADEFAULTPROFILE01\naws_secret_access_key = default-secret\n' +
        '[work]\naws_access_key_id = AKIAWORKPROFILE00001\naws_secret_access_key = work-secret\n',
    );
    expect(await awsCredentialChain()()).toMatchObject({ accessKeyId: 'AKIADEFAULTPROFILE01' });
    expect(await awsCredentialChain({ profile: 'work' })()).toMatchObject({
      accessKeyId: 'AKIAWORKPROFILE00001',
      secretAccessKey: 'work-secret',
    });
  });

  describe('with a fake container credentials endpoint on 127.0.0.1', () => {
    let server: Server;
    let calls = 0;

    beforeEach(async () => {
      calls = 0;
      server = createServer((request, response) => {
        calls++;
        expect(request.url).toBe('/credentials');
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            AccessKeyId: 'ASIACONTAINERROLE001',
            SecretAccessKey: 'container-secret',
            Token: 'container-token',
            Expiration: new Date(Date.now() + 3_600_000).toISOString(),
          }),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      vi.stubEnv('AWS_CONTAINER_CREDENTIALS_FULL_URI', `http://127.0.0.1:${port}/credentials`);
    });

    afterEach(async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('fetches temporary credentials once per expiry, not per call', async () => {
      const chain = awsCredentialChain();
      const first = await chain();
      await chain();
      await chain();
      expect(first).toMatchObject({
        accessKeyId: 'ASIACONTAINERROLE001',
        secretAccessKey: 'container-secret',
        sessionToken: 'container-token',
      });
      expect(calls).toBe(1);
    });
  });

  it('fails with missing_api_key naming where it looked, and no value', async () => {
    const error = await awsCredentialChain()().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'missing_api_key' });
    expect((error as Error).message).toMatch(/AWS_ACCESS_KEY_ID/);
  });
});

describe('checkAwsCredentials', () => {
  it('accepts a key pair or a provider and names the bad field', () => {
    expect(() =>
      checkAwsCredentials({ accessKeyId: 'a', secretAccessKey: 'b' }, 'x'),
    ).not.toThrow();
    expect(() =>
      checkAwsCredentials(async () => ({ accessKeyId: 'a', secretAccessKey: 'b' }), 'x'),
    ).not.toThrow();
    expect(() => checkAwsCredentials({ accessKeyId: 'a' }, 'options.credentials')).toThrow(
      'options.credentials.secretAccessKey',
    );
    expect(() => checkAwsCredentials('key', 'options.credentials')).toThrow('options.credentials');
  });
});
