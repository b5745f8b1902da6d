import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkGoogleCredentials, googleRequestSigner } from './google-credentials.js';

const signable = {
  method: 'POST',
  url: 'https://us-central1-aiplatform.googleapis.com/v1/x',
  origin: 'https://us-central1-aiplatform.googleapis.com',
  path: '/v1/x',
  headers: {},
  body: '{}',
  signal: undefined,
};

describe('googleRequestSigner', () => {
  it('sends the token of a token source as a bearer token', async () => {
    const getAccessToken = vi.fn(async () => ({ token: 'ya29.source-token' }));
    const sign = googleRequestSigner({ credentials: { getAccessToken } });
    expect(await sign(signable)).toEqual({ authorization: 'Bearer ya29.source-token' });
  });

  it('fails with missing_api_key when the source has no token, without its error text beyond one line', async () => {
    const sign = googleRequestSigner({
      credentials: {
        getAccessToken: async () => {
          throw new Error('Could not load the default credentials.\nsecret detail');
        },
      },
    });
    const error = await sign(signable).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'missing_api_key' });
    expect((error as Error).message).toMatch(/GOOGLE_APPLICATION_CREDENTIALS/);
    expect((error as Error).message).not.toContain('secret detail');
  });

  describe('Application Default Credentials from a fake metadata server on 127.0.0.1', () => {
    let server: Server;
    let tokens = 0;

    beforeEach(async () => {
      tokens = 0;
      server = createServer((request, response) => {
        response.setHeader('metadata-flavor', 'Google');
        if (request.headers['metadata-flavor'] !== 'Google') {
          response.statusCode = 403;
          response.end();
          return;
        }
        if (
          request.url?.startsWith('/computeMetadata/v1/instance/service-accounts/default/token')
        ) {
          tokens++;
          response.setHeader('content-type', 'application/json');
          response.end(
            JSON.stringify({
              access_token: 'ya29.metadata-token',
              expires_in: 3599,
              token_type: 'Bearer',
            }),
          );
          return;
        }
        if (request.url?.startsWith('/computeMetadata/v1/project/project-id')) {
          response.end('test-project');
          return;
        }
        response.end('');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      vi.stubEnv('GCE_METADATA_HOST', `127.0.0.1:${port}`);
      vi.stubEnv('GCE_METADATA_IP', `127.0.0.1:${port}`);
      // What a workload on Compute Engine, GKE or Cloud Run may set: skips the residency probe.
      vi.stubEnv('METADATA_SERVER_DETECTION', 'assume-present');
      vi.stubEnv('GOOGLE_APPLICATION_CREDENTIALS', undefined);
      vi.stubEnv('CLOUDSDK_CONFIG', '/nonexistent-aigo-gcloud');
      vi.stubEnv('HOME', '/nonexistent-aigo-home');
      vi.stubEnv('APPDATA', undefined);
    });

    afterEach(async () => {
      vi.unstubAllEnvs();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('gets a token and fetches it once per expiry, not per call', async () => {
      const sign = googleRequestSigner({ projectId: 'test-project' });
      expect(await sign(signable)).toEqual({ authorization: 'Bearer ya29.metadata-token' });
      await sign(signable);
      await sign(signable);
      expect(tokens).toBe(1);
    });
  });
});

describe('checkGoogleCredentials', () => {
  it('accepts a key file path, a service-account key and a token source; names the option', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const key = {
      type: 'service_account',
      client_email: 'aigo-test@test-project.iam.gserviceaccount.com',
      private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    expect(() => checkGoogleCredentials(key, 'options.credentials')).not.toThrow();
    expect(() => checkGoogleCredentials('/keys/sa.json', 'options.credentials')).not.toThrow();
    expect(() => checkGoogleCredentials({ getAccessToken: async () => 't' }, 'x')).not.toThrow();
    expect(() => checkGoogleCredentials({ nope: 1 }, 'options.credentials')).toThrow(
      'options.credentials',
    );
    expect(() => checkGoogleCredentials(' ', 'options.credentials')).toThrow('options.credentials');
  });
});
