import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/** Spellings of POST /api/v1/logout that a router may or may not decode to the real route. */
const SPELLINGS = [
  '/%61pi/v1/logout',
  '/ap%69/v1/%6Cogout',
  '/api%2Fv1/logout',
  '/api/v1%2Flogout',
  '//api/v1/logout',
  '/api//v1/logout',
  '/./api/v1/logout',
  '/api/./v1/logout',
  '/API/v1/logout',
  '/Api/V1/Logout',
  '/api/v1/logout/',
  '/api/v1/logout?x=1',
];

describe('cross-site request forgery, whatever the spelling of the path', () => {
  it.each(SPELLINGS)('a forged POST %s signs nobody out', async (spelling) => {
    const victim = client(t.app);
    await victim.post('/api/v1/register', newStudent());
    const forged = await t.app.inject({
      method: 'POST',
      url: spelling,
      headers: {
        origin: 'https://evil.example',
        cookie: `ngso_session=${victim.cookies.get('ngso_session')}`,
      },
    });
    expect([403, 404]).toContain(forged.statusCode);
    expect((await victim.get('/api/v1/user')).statusCode).toBe(200);
  });

  it('refuses the encoded spelling over real HTTP with the CSRF sentence, and the session lives on', async () => {
    const victim = client(t.app);
    await victim.post('/api/v1/register', newStudent());
    const cookie = `ngso_session=${victim.cookies.get('ngso_session')}`;
    const forged = await fetch(`http://127.0.0.1:${port}/%61pi/v1/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({
      status: 'error',
      message: 'This request was refused because it did not come from this site.',
    });
    const me = await fetch(`http://127.0.0.1:${port}/api/v1/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
  });

  it('still lets the app itself sign out through an encoded spelling', async () => {
    const browser = client(t.app);
    await browser.post('/api/v1/register', newStudent());
    expect((await browser.post('/%61pi/v1/logout')).statusCode).toBe(200);
    expect((await browser.get('/api/v1/user')).statusCode).toBe(401);
  });
});
