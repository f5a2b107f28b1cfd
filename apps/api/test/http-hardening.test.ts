import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_ALIVE_BEHIND_PROXY_MS, KEEP_ALIVE_DIRECT_MS } from '../src/app.ts';
import { client, createTestApp } from './helpers/test-app.ts';

/** A clock that can be made to fail, to provoke an error nobody expected inside a request. */
let failing = false;
const clock = {
  now: () => {
    if (failing) throw new Error('secret-internal-detail at /srv/ngso/apps/api/src/lib/clock.ts:4');
    return new Date();
  },
};
let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Sends raw bytes and returns everything the server answers until it closes the connection. */
function raw(request: string, to = port): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(to, '127.0.0.1', () => socket.end(request));
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('no answer')));
  });
}

describe('HTTP hardening', () => {
  it('refuses a request with both Content-Length and Transfer-Encoding (request smuggling, ASVS V4.2.1)', async () => {
    const smuggled =
      'POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
      'Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n' +
      '0\r\n\r\nGET /api/v1/user HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const answer = await raw(smuggled);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    // One answer only: the request hidden in the body was not served.
    expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it("keeps a client's idle connection 72 s, and nginx's for longer than nginx keeps it (decision 059)", async () => {
    const keepAlive = 'GET /api/v1/time HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n';
    const secondsSaid = (answer: string) => Number(/\r\nKeep-Alive: timeout=(\d+)\r\n/i.exec(answer)?.[1]);
    const direct = await raw(keepAlive);
    expect(direct).toMatch(/^HTTP\/1\.1 200 /);
    expect(secondsSaid(direct)).toBe(KEEP_ALIVE_DIRECT_MS / 1000);

    const behindNginx = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      await behindNginx.app.listen({ port: 0, host: '127.0.0.1' });
      const proxied = await raw(keepAlive, (behindNginx.app.server.address() as net.AddressInfo).port);
      expect(proxied).toMatch(/^HTTP\/1\.1 200 /);
      expect(secondsSaid(proxied)).toBe(KEEP_ALIVE_BEHIND_PROXY_MS / 1000);
    } finally {
      await behindNginx.close();
    }
  });

  it('refuses a malformed chunked body', async () => {
    const answer = await raw(
      'POST /api/v1/login HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nxx\r\n0\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  });

  it('answers an unexpected error with the generic sentence and no detail (ASVS V16.5.1)', async () => {
    failing = true;
    try {
      const response = await client(t.app).get('/api/v1/time');
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'Something went wrong on our side. Please try again in a moment.',
      });
      expect(response.body).not.toContain('secret-internal-detail');
      expect(response.body).not.toContain('/srv/ngso');
    } finally {
      failing = false;
    }
  });
});
