import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app.ts';

/**
 * The Content-Security-Policy against the pages the build really writes (apps/web/dist, made by
 * `npm run build`, which CI runs before the tests): every page, as the server sends it, with the policy
 * of that very response. Without a build the suite is skipped, except in CI (CI=true), where it fails.
 */
const DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));
const BUILT = existsSync(path.join(DIST, 'index.html'));
const COMMON_PASSWORDS = fileURLToPath(new URL('../src/checks/common-passwords.txt', import.meta.url));

/** Every HTML file of the build with the request that gets it: home.html is `/`, x/index.html is `/x`. */
function pages(): Array<{ file: string; url: string; language: 'en' | 'bn' }> {
  const found: Array<{ file: string; url: string; language: 'en' | 'bn' }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (full !== path.join(DIST, 'assets')) walk(full);
        continue;
      }
      const match = /^(home|index)(\.bn)?\.html$/.exec(entry.name);
      if (!match) continue;
      const folder = path.relative(DIST, dir).split(path.sep).join('/');
      const url =
        match[1] === 'home'
          ? '/'
          : folder === ''
            ? '/profile' /* any path without its own page: the shell */
            : `/${folder}`;
      found.push({ file: full, url, language: match[2] ? 'bn' : 'en' });
    }
  };
  walk(DIST);
  return found;
}

/** 'script-src' → ["'self'"], … */
function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** Types a browser runs as script (an empty type is JavaScript); data blocks such as JSON are not run. */
const RUNNABLE = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);

function scripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)].map(
    ([, attributes = '', body = '']) => {
      const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
      const src = /\bsrc\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1];
      return { src, runnable: RUNNABLE.has(type), body };
    },
  );
}

const hashSources = (body: string) =>
  (['sha256', 'sha384', 'sha512'] as const).map(
    (algorithm) => `'${algorithm}-${createHash(algorithm).update(body, 'utf8').digest('base64')}'`,
  );

describe.runIf(BUILT || process.env.CI === 'true')(
  'the built web app against its Content-Security-Policy',
  () => {
    let testApp: Awaited<ReturnType<typeof createTestApp>>;

    beforeAll(async () => {
      if (BUILT) testApp = await createTestApp({ env: { WEB_DIST: DIST } });
    });
    afterAll(async () => {
      await testApp?.close();
    });

    it('exists (run `npm run build` first)', () => {
      expect(BUILT, `${DIST}/index.html is missing: run npm run build`).toBe(true);
      expect(pages().length).toBeGreaterThan(2);
    });

    it('has no inline script without its hash in the policy, and no inline handler, on any page', async () => {
      for (const page of pages()) {
        const response = await testApp.app.inject({
          method: 'GET',
          url: page.url,
          cookies: page.language === 'bn' ? { lang: 'bn' } : {},
        });
        const where = `${path.relative(DIST, page.file)} (GET ${page.url})`;
        expect(response.statusCode, where).toBe(200);
        // What the browser gets is this very file.
        expect(response.body, where).toBe(readFileSync(page.file, 'utf8'));

        const csp = parseCsp(String(response.headers['content-security-policy'] ?? ''));
        const scriptSrc = csp.get('script-src') ?? csp.get('default-src') ?? [];
        expect(scriptSrc, where).not.toContain("'unsafe-inline'");
        expect(scriptSrc, where).not.toContain("'unsafe-eval'");
        expect(csp.get('object-src'), where).toEqual(["'none'"]);
        expect(csp.get('base-uri'), where).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors'), where).toEqual(["'none'"]);

        const found = scripts(response.body);
        expect(
          found.some((script) => script.src),
          `${where} loads the app`,
        ).toBe(true);
        for (const script of found) {
          if (script.src) {
            // Same origin, as script-src 'self' requires: a path, never another host.
            expect(script.src, where).toMatch(/^\/(?!\/)/);
          } else if (script.runnable) {
            const allowed = hashSources(script.body).some((source) => scriptSrc.includes(source));
            expect(allowed, `${where} has an inline script whose hash is not in script-src`).toBe(true);
          }
        }
        // Handlers in attributes (onclick=…) and javascript: links are inline scripts that no hash allows.
        expect(response.body, where).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
        expect(response.body, where).not.toMatch(/\b(?:href|src|action)\s*=\s*["']?\s*javascript:/i);
      }
    });

    // docs/decisions/060-offline-exam-pages.md: the build's own service worker and manifest, as the
    // server sends them (before, both answered the app's HTML shell), and every page links the manifest.
    it('serves the service worker and the web app manifest the build wrote', async () => {
      const worker = await testApp.app.inject({ method: 'GET', url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(worker.body).toContain('index.html');
      const manifest = await testApp.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
      expect(manifest.statusCode).toBe(200);
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      const body = manifest.json() as { display: string; icons: { src: string; purpose: string }[] };
      expect(body.display).toBe('standalone');
      expect(body.icons.map((icon) => icon.purpose).sort()).toEqual(['any', 'any', 'maskable']);
      for (const icon of body.icons) {
        const image = await testApp.app.inject({ method: 'GET', url: icon.src });
        expect(image.statusCode, icon.src).toBe(200);
        expect(image.headers['content-type'], icon.src).toBe('image/png');
      }
      for (const page of pages()) {
        expect(readFileSync(page.file, 'utf8'), page.file).toContain(
          '<link rel="manifest" href="/manifest.webmanifest">',
        );
      }
    });

    it("keeps the list of common passwords off the student's JavaScript", () => {
      const list = readFileSync(COMMON_PASSWORDS, 'utf8')
        .split('\n')
        .filter((line) => line && !line.startsWith('#'));
      expect(list).toHaveLength(3000);
      // Three neighbours of the list, as a bundler would embed them: text with newlines, or an array.
      const samples = [0, 1000, 2000, 2997].flatMap((start) => {
        const run = list.slice(start, start + 3);
        return [run.join('\n'), run.join('\\n'), run.map((p) => JSON.stringify(p)).join(',')];
      });
      const scriptsDir = path.join(DIST, 'assets');
      for (const file of readdirSync(scriptsDir).filter((name) => name.endsWith('.js'))) {
        const text = readFileSync(path.join(scriptsDir, file), 'utf8');
        for (const sample of samples) expect(text.includes(sample), `${file} contains the list`).toBe(false);
      }
    });
  },
);
