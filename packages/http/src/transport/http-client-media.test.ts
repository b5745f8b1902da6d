import { ProviderError, ValidationError } from '@aigo/ai';
import { type RecordedServer, startRecordedServer } from '@aigo/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from './http-client.js';

let server: RecordedServer;
const audio = Buffer.from([0xff, 0xf3, 0x00, 0x80, 0x01, 0xfe]);

beforeAll(async () => {
  server = await startRecordedServer([
    {
      path: '/upload',
      async respond(request, response) {
        const form = await new Response(request.bodyBytes, {
          headers: { 'content-type': request.headers['content-type'] ?? '' },
        }).formData();
        const file = form.get('file') as File;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            model: form.get('model'),
            name: file.name,
            type: file.type,
            bytes: [...new Uint8Array(await file.arrayBuffer())],
            contentType: request.headers['content-type'],
            accept: request.headers.accept,
          }),
        );
      },
    },
    {
      path: '/speech',
      headers: { 'content-type': 'audio/mpeg; charset=binary' },
      body: new Uint8Array(audio),
    },
    { path: '/too-big', headers: { 'content-type': 'audio/mpeg' }, body: 'x'.repeat(64) },
    { path: '/denied', status: 401, body: { error: { message: 'Incorrect API key' } } },
  ]);
});

afterAll(async () => {
  await server.close();
});

describe('HttpClient.postMultipart', () => {
  it('uploads a multipart form, binary file intact, and parses the JSON answer', async () => {
    const client = createHttpClient({ provider: 'p', headers: { authorization: 'Bearer k' } });
    const { data } = await client.postMultipart<Record<string, unknown>>(`${server.url}/upload`, [
      { name: 'model', value: 'whisper-1' },
      { name: 'file', filename: 'clip.mp3', contentType: 'audio/mpeg', data: audio },
    ]);
    expect(data).toMatchObject({
      model: 'whisper-1',
      name: 'clip.mp3',
      type: 'audio/mpeg',
      bytes: [...audio],
      accept: 'application/json',
    });
    expect(String(data.contentType)).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.lastRequest()?.headers.authorization).toBe('Bearer k');
    await client.close();
  });

  it('refuses a bad part before sending, naming it', async () => {
    const client = createHttpClient({ provider: 'p' });
    await expect(
      client.postMultipart(`${server.url}/upload`, [
        { name: 'file', filename: 'a"b.mp3', contentType: 'audio/mpeg', data: audio },
      ]),
    ).rejects.toMatchObject({ argument: 'parts[0].filename' });
    await expect(client.postMultipart(`${server.url}/upload`, [])).rejects.toThrow(ValidationError);
    await client.close();
  });
});

describe('HttpClient.postForBytes', () => {
  it('resolves to the body bytes and the bare content type', async () => {
    const client = createHttpClient({ provider: 'p' });
    const answer = await client.postForBytes(`${server.url}/speech`, { input: 'hi' });
    expect(answer.contentType).toBe('audio/mpeg');
    expect(answer.bytes.equals(audio)).toBe(true);
    expect(server.lastRequest()?.body).toEqual({ input: 'hi' });
    expect(server.lastRequest()?.headers['content-type']).toBe('application/json');
    await client.close();
  });

  it('rejects a body over the limit with invalid_response, and an error status as a ProviderError', async () => {
    const client = createHttpClient({ provider: 'p', maxResponseBytes: 16 });
    await expect(client.postForBytes(`${server.url}/too-big`, {})).rejects.toMatchObject({
      code: 'invalid_response',
    });
    const denied = await client.postForBytes(`${server.url}/denied`, {}).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(ProviderError);
    expect((denied as ProviderError).status).toBe(401);
    await client.close();
  });
});
