import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app.ts';

const SHELL = '<!doctype html><html><body><div id="root"></div><!-- shell --></body></html>';
const HOME = '<!doctype html><html><body><div id="root"><h1>Home</h1></div></body></html>';
const ABOUT = '<!doctype html><html><body><div id="root"><h1>About Us</h1></div></body></html>';
const SCRIPT = 'console.log("x");';
const SERVICE_WORKER = 'self.addEventListener("fetch", () => {});';
const MANIFEST = JSON.stringify({ name: 'National General Science Olympiad', display: 'standalone' });

describe('the web app', () => {
  let dist: string;
  let testApp: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'ngso-web-dist-'));
    await mkdir(path.join(dist, 'about'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), SHELL);
    await writeFile(path.join(dist, 'home.html'), HOME);
    await writeFile(path.join(dist, 'about', 'index.html'), ABOUT);
    await writeFile(path.join(dist, 'assets', 'x.js'), SCRIPT);
    await writeFile(path.join(dist, 'assets', 'compress.worker-x.js'), SCRIPT);
    await writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\n');
    await writeFile(path.join(dist, 'sw.js'), SERVICE_WORKER);
    await writeFile(path.join(dist, 'manifest.webmanifest'), MANIFEST);
    testApp = await createTestApp({ env: { WEB_DIST: dist } });
  });

  afterAll(async () => {
    await testApp?.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    testApp.app.inject({ method: 'GET', url, headers });

  it('serves the pre-rendered page of a public path, never cached', async () => {
    for (const url of ['/about', '/about/', '/about?ref=x']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(ABOUT);
    }
    expect((await get('/')).body).toBe(HOME);
  });

  it('serves the app shell (index.html) for any other path, never cached', async () => {
    for (const url of ['/profile', '/reset-password?token=a&email=b', '/no-such-page', '/index.html']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(SHELL);
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const script = await get('/assets/x.js');
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe(SCRIPT);
    expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('no-cache');
    expect((await get('/assets/missing.js')).statusCode).toBe(404);
  });

  // docs/decisions/079-script-files-counted-with-their-headers.md: a year's `immutable` file is never asked
  // whether it changed; every byte of its headers counts in a page's script (issue 46).
  it('sends hashed assets without validators or Accept-Ranges, and other files with them', async () => {
    const script = await get('/assets/x.js', { 'accept-encoding': 'br' });
    expect(script.statusCode).toBe(200);
    for (const name of ['etag', 'last-modified', 'accept-ranges']) {
      expect(script.headers[name], name).toBeUndefined();
    }
    expect(script.headers['content-type']).toMatch(/^application\/javascript|^text\/javascript/);
    expect(script.headers.vary).toMatch(/accept-encoding/i);
    const robots = await get('/robots.txt');
    expect(robots.headers.etag).toBeDefined();
    expect(robots.headers['last-modified']).toBeDefined();
  });

  // docs/decisions/077-asset-headers.md: each of a first visit's forty-odd files would carry them for nothing.
  it("sends a page's files only the security headers a file is read with, and a worker's script all of them", async () => {
    const script = await get('/assets/x.js');
    for (const name of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
      expect(script.headers[name], name).toBeUndefined();
    }
    expect(script.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    for (const url of ['/assets/compress.worker-x.js', '/about', '/profile', '/robots.txt']) {
      const response = await get(url);
      expect(response.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  // docs/decisions/060-offline-exam-pages.md: the worker is asked for again on every visit, so a new
  // build reaches the phone; a browser refuses to register a worker served as HTML.
  it('serves the service worker and the web app manifest as themselves, never cached', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toBe(SERVICE_WORKER);
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ display: 'standalone' });
  });

  it('compresses HTML for browsers that accept it', async () => {
    const response = await get('/about', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(response.rawPayload).toString()).toBe(ABOUT);
    expect((await get('/about', { 'accept-encoding': 'br, gzip' })).headers['content-encoding']).toBe('br');
  });

  it('keeps the JSON 404 for unknown API paths', async () => {
    const response = await get('/api/v1/no-such-thing', { accept: 'application/json' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ status: 'error' });
  });
});
