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

describe('the site opened at another address of the same server', () => {
  it('without BASE_URL, takes a form sent from the address the page was opened at (127.0.0.1 for localhost)', async () => {
    const local = await createTestApp({ env: { BASE_URL: '' } });
    try {
      const sameServer = await client(local.app).post('/api/v1/register', newStudent(), {
        host: '127.0.0.1:3000',
        origin: 'http://127.0.0.1:3000',
        'sec-fetch-site': 'same-origin',
      });
      expect(sameServer.statusCode).toBe(201);
      const foreign = await client(local.app).post('/api/v1/register', newStudent(), {
        host: '127.0.0.1:3000',
        origin: 'https://evil.example',
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().message).toBe('This request was refused because it did not come from this site.');
      // An Origin naming another address than the one the request was sent to is still foreign.
      const elsewhere = await client(local.app).post('/api/v1/register', newStudent(), {
        host: 'localhost:3000',
        origin: 'http://127.0.0.1:3000',
      });
      expect(elsewhere.statusCode).toBe(403);
    } finally {
      await local.close();
    }
  });

  it('with BASE_URL set, refuses another address of this server with a 403 naming the address to use', async () => {
    const pinned = await createTestApp({ env: { BASE_URL: 'https://ngso.example.org' } });
    try {
      const headers = { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' };
      const student = newStudent();
      const english = await client(pinned.app).post('/api/v1/register', student, headers);
      expect(english.statusCode).toBe(403);
      expect(english.json()).toEqual({
        status: 'error',
        message: "This site's address is https://ngso.example.org. Please open the site there and try again.",
      });
      const bangla = await client(pinned.app).post('/api/v1/register', student, {
        ...headers,
        'accept-language': 'bn',
      });
      expect(bangla.json().message).toBe(
        'এই সাইটের ঠিকানা https://ngso.example.org। সেখানে সাইটটি খুলে আবার চেষ্টা করুন।',
      );
      const login = await client(pinned.app).post('/api/v1/login', {
        email: student.email,
        password: student.password,
      });
      expect(login.statusCode).toBe(401);
    } finally {
      await pinned.close();
    }
  });
});
