import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { type Nginx, selfSignedCertificate, startNginx } from '../../apps/api/test/helpers/nginx.ts';
import { expect } from '../support/fixtures.ts';
import { controlledByServiceWorker, studentInOpenExam } from '../support/open-exam.ts';
import { freePort, type OwnServer, withServerPerTest } from '../support/own-server.ts';

/**
 * Slow-link budgets of the exam page (issue 39, item 6; docs/performance.md, "The exam page on slow 3G"):
 * a measurement, not a test. On a 360 px phone profile, with Chromium's own throttling through CDP
 * (slow 3G: 400 kbit/s each way, 400 ms latency; the CPU slowed SLOW_LINK_CPU times, 4 by default as
 * Lighthouse does for a mobile phone), it times:
 *   - the first visit to /final-exam (nothing cached, no service worker): until the first question shows;
 *   - a reload once the service worker controls the page, still on slow 3G;
 *   - a reload with no connection at all.
 * Each is run SLOW_LINK_RUNS times (3 by default), each run on a server of its own, and the medians are
 * printed with the bytes the first visit transferred. `npm run bench:phone` (needs `npm run build`).
 *
 * The server speaks HTTP/1.1, where Chromium opens six connections to a host and each request waits its turn.
 * With SLOW_LINK_HTTP2=1 the page is reached as a phone reaches the site: through the shipped nginx site
 * (deploy/nginx/ngso.conf) over TLS and HTTP/2, on a certificate made for the run; signing in and setting up
 * still go to the server directly.
 */
const RUNS = Number(process.env.SLOW_LINK_RUNS ?? 3);
const CPU_SLOWDOWN = Number(process.env.SLOW_LINK_CPU ?? 4);
const SLOW_3G = {
  offline: false,
  latency: 400,
  downloadThroughput: (400 * 1024) / 8,
  uploadThroughput: (400 * 1024) / 8,
};
const BUDGETS = { firstVisitMs: 8000, reloadMs: 2000 };
const HTTP2 = process.env.SLOW_LINK_HTTP2 === '1';

/**
 * The sign-in's traces in the browser's storage (who is signed in, kept by the app in localStorage) for the
 * nginx origin too, set before the app's scripts run; the cookie is the same for every port of localhost.
 */
async function carrySignIn(page: Page, origin: string): Promise<void> {
  const saved = await page.evaluate(() => Object.fromEntries(Object.entries(window.localStorage)));
  await page.addInitScript(
    ({ origin, saved }) => {
      if (window.location.origin !== origin) return;
      for (const [key, value] of Object.entries(saved)) {
        if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
      }
    },
    { origin, saved },
  );
}

/** Where the page is opened: the server itself, or nginx in front of it with TLS and HTTP/2. */
async function siteOf(own: OwnServer): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!HTTP2) return { url: own.url, stop: async () => {} };
  const certificates = mkdtempSync(path.join(os.tmpdir(), 'ngso-slow-link-tls-'));
  const port = await freePort();
  const nginx: Nginx = await startNginx({
    port,
    upstreams: [own.port],
    upstreamHeader: false,
    tls: selfSignedCertificate(certificates),
  });
  return {
    url: `https://localhost:${port}`,
    stop: async () => {
      await nginx.stop();
      rmSync(certificates, { recursive: true, force: true });
    },
  };
}

type Run = { firstVisitMs: number; firstVisitKb: number; reloadMs: number; offlineReloadMs: number };
const runs: Run[] = [];

const firstQuestion = (page: Page) => page.getByRole('heading', { name: 'Question 1 of 6' });

/**
 * Counts the bytes the page's requests transferred (compressed, headers included) from now on; with
 * SLOW_LINK_DETAIL=1, `detail()` lists each request's bytes and when it finished.
 */
function countBytes(cdp: CDPSession) {
  let bytes = 0;
  const started = Date.now();
  const urls = new Map<string, string>();
  const finished: string[] = [];
  cdp.on('Network.requestWillBeSent', (event) => urls.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    const url = urls.get(event.requestId) ?? '?';
    finished.push(`${Date.now() - started} ms  ${Math.round(event.encodedDataLength / 1024)} KB  ${url}`);
  });
  return { bytes: () => bytes, detail: () => finished.join('\n') };
}

/** Milliseconds from `navigate` until the first question is on screen. */
async function timeToQuestion(page: Page, navigate: () => Promise<unknown>) {
  const started = Date.now();
  await navigate();
  await expect(firstQuestion(page)).toBeVisible({ timeout: 120_000 });
  return Date.now() - started;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

withServerPerTest.describe('the exam page on slow 3G', () => {
  withServerPerTest.use({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|ERR_FAILED/],
  });
  withServerPerTest.setTimeout(600_000);

  for (let run = 1; run <= RUNS; run++) {
    withServerPerTest(`run ${run}`, async ({ page, own }) => {
      await studentInOpenExam(page, own);
      const site = await siteOf(own);
      if (HTTP2) await carrySignIn(page, site.url);
      // Signed in and set up at full speed; from here on, the phone's link and CPU.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
      await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      // A first visit: nothing of the app in the browser's cache (signing in above filled it).
      await cdp.send('Network.clearBrowserCache');
      const transferred = countBytes(cdp);

      const firstVisitMs = await timeToQuestion(page, () => page.goto(`${site.url}/final-exam`));
      const firstVisitKb = Math.round(transferred.bytes() / 1024);
      if (process.env.SLOW_LINK_DETAIL) console.log(transferred.detail());
      // The service worker takes over once it has precached the pages (downloaded in the background).
      await controlledByServiceWorker(page, 300_000);

      const reloadMs = await timeToQuestion(page, () => page.reload());
      await page.context().setOffline(true);
      await cdp.send('Network.emulateNetworkConditions', { ...SLOW_3G, offline: true });
      const offlineReloadMs = await timeToQuestion(page, () => page.reload());
      await site.stop();
      runs.push({ firstVisitMs, firstVisitKb, reloadMs, offlineReloadMs });
      console.log(
        `run ${run}: first visit ${firstVisitMs} ms (${firstVisitKb} KB), reload ${reloadMs} ms, ` +
          `offline reload ${offlineReloadMs} ms`,
      );
    });
  }

  withServerPerTest.afterAll(() => {
    if (runs.length === 0) return;
    const of = (key: keyof Run) => median(runs.map((r) => r[key]));
    console.log(
      `\nslow 3G (400 kbit/s, 400 ms), CPU x${CPU_SLOWDOWN}, ${HTTP2 ? 'nginx, TLS and HTTP/2' : 'the server, HTTP/1.1'}, medians of ${runs.length} runs:\n` +
        `  first visit ${of('firstVisitMs')} ms (budget ${BUDGETS.firstVisitMs}), ${of('firstVisitKb')} KB\n` +
        `  reload from the service worker ${of('reloadMs')} ms (budget ${BUDGETS.reloadMs})\n` +
        `  reload offline ${of('offlineReloadMs')} ms (budget ${BUDGETS.reloadMs})`,
    );
  });
});
