import type { CDPSession, Page } from '@playwright/test';
import { expect } from '../support/fixtures.ts';
import { controlledByServiceWorker, studentInOpenExam } from '../support/open-exam.ts';
import { withServerPerTest } from '../support/own-server.ts';

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
      // Signed in and set up at full speed; from here on, the phone's link and CPU.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
      await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      // A first visit: nothing of the app in the browser's cache (signing in above filled it).
      await cdp.send('Network.clearBrowserCache');
      const transferred = countBytes(cdp);

      const firstVisitMs = await timeToQuestion(page, () => page.goto('/final-exam'));
      const firstVisitKb = Math.round(transferred.bytes() / 1024);
      if (process.env.SLOW_LINK_DETAIL) console.log(transferred.detail());
      // The service worker takes over once it has precached the pages (downloaded in the background).
      await controlledByServiceWorker(page, 300_000);

      const reloadMs = await timeToQuestion(page, () => page.reload());
      await page.context().setOffline(true);
      await cdp.send('Network.emulateNetworkConditions', { ...SLOW_3G, offline: true });
      const offlineReloadMs = await timeToQuestion(page, () => page.reload());
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
      `\nslow 3G (400 kbit/s, 400 ms), CPU x${CPU_SLOWDOWN}, medians of ${runs.length} runs:\n` +
        `  first visit ${of('firstVisitMs')} ms (budget ${BUDGETS.firstVisitMs}), ${of('firstVisitKb')} KB\n` +
        `  reload from the service worker ${of('reloadMs')} ms (budget ${BUDGETS.reloadMs})\n` +
        `  reload offline ${of('offlineReloadMs')} ms (budget ${BUDGETS.reloadMs})`,
    );
  });
});
