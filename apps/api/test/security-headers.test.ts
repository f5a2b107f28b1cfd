import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('security headers', () => {
  it('are on every API response: CSP, nosniff, no referrer, same-origin opener, no framing', async () => {
    const response = await client(t.app).get('/api/health');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on refusals and errors too, the router’s own included', async () => {
    const refusals = {
      'signed out (401)': await client(t.app).get('/api/v1/user'),
      'no such call (404)': await client(t.app).get('/api/v1/no-such-call'),
      'invalid body (422)': await client(t.app).post('/api/v1/login', { email: 'not an address' }),
      'unreadable URL (400)': await client(t.app).get('/api/v1/%E0%A4%A'),
      'a page outside the API (no web build in this test: 404)': await client(t.app).get('/no-such-page'),
    };
    for (const [what, response] of Object.entries(refusals)) {
      expect(response.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
    }
    expect(Object.values(refusals).map((response) => response.statusCode)).toEqual([401, 404, 422, 400, 404]);
  });

  it('keep personal JSON out of every cache, and clear the session and the cache on logout, not the language', async () => {
    const browser = client(t.app);
    await browser.post('/api/v1/register', newStudent());
    await browser.put('/api/v1/user/language', { language: 'bn' });
    expect(browser.cookies.get('lang')).toBe('bn');
    expect((await browser.get('/api/v1/user/profile')).headers['cache-control']).toBe('no-store');
    const logout = await browser.post('/api/v1/logout');
    // "cookies" would delete the `lang` cookie too: the device's language must outlive the session.
    expect(logout.headers['clear-site-data']).toBe('"cache"');
    expect(browser.cookies.has('ngso_session')).toBe(false);
    expect(browser.cookies.get('lang')).toBe('bn');
    expect((await browser.get('/api/v1/user')).statusCode).toBe(401);
  });

  it('send HSTS and a __Host- Secure cookie when the site is served over https', async () => {
    const secure = await createTestApp({ env: { BASE_URL: 'https://olympiad.example.org' } });
    try {
      const response = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/register',
        payload: newStudent(),
        headers: { 'x-requested-with': 'XMLHttpRequest', origin: 'https://olympiad.example.org' },
      });
      // A year at least, and every subdomain too (ASVS 5.0 V3.4.1 at level 2).
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['set-cookie'])).toMatch(
        /^__Host-ngso_session=[^;]+; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax/,
      );
    } finally {
      await secure.close();
    }
  });
});

describe('more headers', () => {
  it('send the reset page (a link with a token in its URL) with no referrer, and the framing rules', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'ngso-headers-dist-'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    const web = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      const page = await web.app.inject({
        method: 'GET',
        url: '/reset-password?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG&email=a%40example.com',
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      // The token must not leave in a Referer header, to a linked site or to a resource.
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
      const csp = String(page.headers['content-security-policy']);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
        expect(csp).toContain(directive);
      }
      expect(page.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await web.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('serve no dot-folder (.git) and list no folder of the build', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'ngso-headers-dist-'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    await mkdir(path.join(dist, '.git'));
    await writeFile(path.join(dist, '.git', 'config'), '[core]\n\trepositoryformatversion = 0\n');
    await writeFile(path.join(dist, '.env'), 'SECRET=dotfile-secret\n');
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
    const web = await createTestApp({ env: { WEB_DIST: dist } });
    try {
      for (const url of ['/.git/config', '/.env', '/.git/']) {
        const response = await web.app.inject({ method: 'GET', url });
        expect(response.body, url).not.toContain('[core]');
        expect(response.body, url).not.toContain('dotfile-secret');
      }
      for (const url of ['/assets/', '/assets']) {
        const response = await web.app.inject({ method: 'GET', url });
        expect(response.body, url).not.toContain('app-abc123.js');
      }
    } finally {
      await web.close();
      await rm(dist, { recursive: true, force: true });
    }
  });

  it('never allow another origin through CORS, even when it asks', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/v1/user' },
      {
        method: 'OPTIONS' as const,
        url: '/api/v1/login',
        headers: { 'access-control-request-method': 'POST' },
      },
    ]) {
      const response = await t.app.inject({
        ...request,
        headers: { origin: 'https://evil.example', ...request.headers },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    }
  });

  it('label JSON as UTF-8, keep sign-in answers out of caches, and do not answer TRACE', async () => {
    const browser = client(t.app);
    const student = newStudent();
    await browser.post('/api/v1/register', student);
    const login = await browser.post('/api/v1/login', { email: student.email, password: student.password });
    expect(login.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(login.headers['cache-control']).toBe('no-store');
    const refused = await client(t.app).get('/api/v1/user');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(refused.headers['cache-control']).toBe('no-store');
    const trace = await t.app.inject({ method: 'TRACE', url: '/api/health' });
    expect(trace.statusCode).toBeGreaterThanOrEqual(400);
    expect(trace.body).not.toContain('TRACE /api/health');
  });
});

describe('password hashing', () => {
  it('rehashes a password stored with older parameters at the next login', async () => {
    const student = newStudent();
    const browser = client(t.app);
    await browser.post('/api/v1/register', student);
    const weak = await hash(student.password, {
      algorithm: 2,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    });
    await t.db.update(users).set({ passwordHash: weak }).where(eq(users.email, student.email));
    expect((await client(t.app).post('/api/v1/login', student)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.email, student.email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await client(t.app).post('/api/v1/login', student)).statusCode).toBe(200);
  });
});
