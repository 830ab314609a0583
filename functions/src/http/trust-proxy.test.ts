import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../config.js';
import { configureTrustProxy } from './trust-proxy.js';

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A real express app with the API's setting, answering with the req.ip it resolved. */
async function ipSeenWith(env: Record<string, string>, forwardedFor?: string): Promise<string> {
  const app = express();
  configureTrustProxy(app, parseConfig(env).trustProxyHops);
  app.get('/', (req, res) => {
    res.send(req.ip ?? '');
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as AddressInfo;
  const res = await fetch(`http://127.0.0.1:${port}/`, { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} });
  return res.text();
}

describe('trust proxy', () => {
  it('takes the client from the right: what the client wrote itself is ignored', async () => {
    // client wrote 6.6.6.6; Google's front end appended the real client and its own hop
    expect(await ipSeenWith({}, '6.6.6.6, 203.0.113.9, 66.102.8.142')).toBe('203.0.113.9');
    expect(await ipSeenWith({}, '203.0.113.9, 66.102.8.142')).toBe('203.0.113.9');
  });

  it('a client cannot pick its own key by sending many forwarded entries', async () => {
    const a = await ipSeenWith({}, '1.1.1.1, 2.2.2.2, 203.0.113.9, 66.102.8.142');
    const b = await ipSeenWith({}, '9.9.9.9, 203.0.113.9, 66.102.8.142');
    expect(a).toBe(b);
  });

  it('TRUST_PROXY_HOPS changes the count; 0 trusts no header at all', async () => {
    expect(await ipSeenWith({ TRUST_PROXY_HOPS: '1' }, '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipSeenWith({ TRUST_PROXY_HOPS: '0' }, '6.6.6.6, 203.0.113.9')).toMatch(/127\.0\.0\.1$/);
  });

  it('no header (the emulators): the socket address', async () => {
    expect(await ipSeenWith({})).toMatch(/127\.0\.0\.1$/);
  });

  it('reads the setting strictly: a bad value is a start-up error, not a silent default', () => {
    expect(parseConfig({}).trustProxyHops).toBe(2);
    expect(parseConfig({ TRUST_PROXY_HOPS: '3' }).trustProxyHops).toBe(3);
    for (const bad of ['-1', 'true', '1.5', '11']) {
      expect(() => parseConfig({ TRUST_PROXY_HOPS: bad })).toThrow('TRUST_PROXY_HOPS must be a whole number from 0 to 10');
    }
  });
});
