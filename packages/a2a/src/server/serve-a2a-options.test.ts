import { get } from 'node:http';
import { createClient } from '@aigo/client';
import { createReAct } from '@aigo/react';
import { createFakeProvider } from '@aigo/testing';
import { describe, expect, it } from 'vitest';
import { a2aTools } from '../client/a2a-tools.js';
import { serveA2A } from './serve-a2a.js';

function getJson(url: string): Promise<{ supportedInterfaces: { url: string }[] }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false, headers: { 'A2A-Version': '1.0' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve(JSON.parse(body)));
    }).on('error', reject);
  });
}

const agent = () =>
  createReAct(createClient(createFakeProvider().text('Fine.'), { env: {}, defaultModel: 'm' }), {
    name: 'helper',
  });

describe('serveA2A options', () => {
  it('bad agents and options are ValidationErrors naming them, before anything listens', async () => {
    for (const [target, options, argument] of [
      [null, undefined, 'agent'],
      [{ name: 'x' }, undefined, 'agent'],
      [() => 'hi', undefined, 'options.name'],
      [agent(), 'x', 'options'],
      [agent(), { port: -1 }, 'options.port'],
      [agent(), { port: 1.5 }, 'options.port'],
      [agent(), { publicUrl: 'not a url' }, 'options.publicUrl'],
      [agent(), { memory: {} }, 'options.memory'],
      [agent(), { taskStore: { save: () => undefined } }, 'options.taskStore'],
      [agent(), { runStore: {} }, 'options.runStore'],
      [agent(), { legacy: 'yes' }, 'options.legacy'],
      [agent(), { authorize: true }, 'options.authorize'],
      [agent(), { host: '0.0.0.0' }, 'options.host'],
      [agent(), { maxBodyBytes: 0 }, 'options.maxBodyBytes'],
      [agent(), { allowedOrigins: ['*'] }, 'options.allowedOrigins[0]'],
      [agent(), { bogus: 1 }, 'options.bogus'],
    ] as const) {
      await expect(serveA2A(target as never, options as never)).rejects.toMatchObject({
        name: 'ValidationError',
        argument,
      });
    }
  });

  it('publicUrl goes on the card; authorize refuses calls with 401 and leaves the card public', async () => {
    const server = await serveA2A(agent(), {
      authorize: (request) => request.headers.authorization === 'Bearer right',
    });
    try {
      const card = await fetch(`${server.url}/.well-known/agent-card.json`);
      expect(card.status).toBe(200);
      const wrong = await a2aTools({ url: server.url, headers: { authorization: 'Bearer wrong' } });
      const refused = JSON.parse((await wrong[0]?.call('{"message":"hi"}')) ?? '');
      expect(refused.ok).toBe(false);
      expect(JSON.stringify(refused)).not.toContain('Bearer wrong');
      const right = await a2aTools({ url: server.url, headers: { authorization: 'Bearer right' } });
      expect(JSON.parse((await right[0]?.call('{"message":"hi"}')) ?? '')).toEqual({
        answer: 'Fine.',
      });
    } finally {
      await server.close();
    }
    // The port a server just had is free again: serve there, with the URL a proxy would give.
    const port = new URL(server.url).port;
    const behindProxy = await serveA2A(agent(), {
      port: Number(port),
      publicUrl: 'https://agents.example.com/helper/',
    });
    try {
      expect(behindProxy.url).toBe('https://agents.example.com/helper');
      // node:http without keep-alive: fetch's pool may hold a socket to the old server on that port.
      const card = await getJson(`http://127.0.0.1:${port}/.well-known/agent-card.json`);
      expect(card.supportedInterfaces[0]?.url).toBe(
        'https://agents.example.com/helper/a2a/jsonrpc',
      );
    } finally {
      await behindProxy.close();
    }
  });

  it('a2aTools speaks 0.3 to an agent whose card is a 0.3 card', async () => {
    const server = await serveA2A(agent());
    try {
      const legacyCard = (await (
        await fetch(`${server.url}/.well-known/agent-card.json`, {
          headers: { 'a2a-version': '0.3' },
        })
      ).json()) as Record<string, unknown>;
      expect(legacyCard.protocolVersion).toMatch(/^0\.3/);
      const [tool] = await a2aTools({ card: legacyCard });
      expect(JSON.parse((await tool?.call('{"message":"hi"}')) ?? '')).toEqual({ answer: 'Fine.' });
    } finally {
      await server.close();
    }
  });
});
