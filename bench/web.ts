/**
 * Page budgets (issue 3): builds the web app, starts the real server on a fresh data folder, runs
 * Lighthouse (default mobile settings: emulated phone, simulated slow 4G and CPU slowdown) on each public
 * page three times in Debian's Chromium, and prints the median of each metric per route.
 *
 *   npm run bench:web      (BENCH_SKIP_BUILD=1 reuses the build, WEB_DIST=<dir> picks it, BENCH_RUNS=3,
 *                           BENCH_ROUTES=/,/about measures only those)
 *
 * Not part of CI: the numbers depend on the machine.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_PORT ?? 3400);
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROUTES = process.env.BENCH_ROUTES?.split(',') ?? [
  '/',
  '/about',
  '/events',
  '/team',
  '/login',
  '/register',
];
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const budgets = {
  performance: 95,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  lcpMs: 2000,
  cls: 0.02,
  jsKbHome: 150,
  totalKbHome: 600,
};

type Sample = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  totalKb: number;
  jsKb: number;
};

/** The median of the runs that measured the value (a run can fail to report one, e.g. no LCP). */
const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function waitForServer(url: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer at ${url}`);
}

async function audit(port: number, url: string): Promise<Sample> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error' });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const items =
    (audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] })
      ?.items ?? [];
  const jsBytes = items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    totalKb: (audits['total-byte-weight']?.numericValue ?? Number.NaN) / 1024,
    jsKb: jsBytes / 1024,
  };
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) execSync('npm run build', { cwd: root, stdio: 'inherit' });

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ngso-bench-web-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      BASE_URL: BASE,
      RATE_LIMITS: 'off',
      LOG_LEVEL: 'warn',
      WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    await waitForServer(`${BASE}/api/health`);
    const rows: (Sample & { route: string })[] = [];
    for (const route of ROUTES) {
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await audit(chrome.port, `${BASE}${route}`));
      const pick = (key: keyof Sample) => median(samples.map((s) => s[key]));
      rows.push({
        route,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        bestPractices: pick('bestPractices'),
        seo: pick('seo'),
        lcpMs: pick('lcpMs'),
        tbtMs: pick('tbtMs'),
        cls: pick('cls'),
        totalKb: pick('totalKb'),
        jsKb: pick('jsKb'),
      });
      console.error(`measured ${route}`);
    }

    const lines = [
      `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults, median of ${RUNS} runs, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.versions.node}`,
      '',
      '| route | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS | total KB | JS KB |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.route} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.lcpMs / 1000).toFixed(2)} s | ${Math.round(r.tbtMs)} ms | ${r.cls.toFixed(3)} | ${r.totalKb.toFixed(1)} | ${r.jsKb.toFixed(1)} |`,
      ),
    ];
    console.log(lines.join('\n'));

    const misses: string[] = [];
    for (const r of rows) {
      if (r.performance < budgets.performance) misses.push(`${r.route}: Performance ${r.performance}`);
      if (r.accessibility < budgets.accessibility)
        misses.push(`${r.route}: Accessibility ${r.accessibility}`);
      if (r.bestPractices < budgets.bestPractices)
        misses.push(`${r.route}: Best Practices ${r.bestPractices}`);
      if (r.seo < budgets.seo) misses.push(`${r.route}: SEO ${r.seo}`);
      if (r.lcpMs > budgets.lcpMs) misses.push(`${r.route}: LCP ${Math.round(r.lcpMs)} ms`);
      if (r.cls > budgets.cls) misses.push(`${r.route}: CLS ${r.cls.toFixed(3)}`);
    }
    const home = rows.find((r) => r.route === '/');
    if (home && home.jsKb > budgets.jsKbHome) misses.push(`/: JavaScript ${home.jsKb.toFixed(1)} KB`);
    if (home && home.totalKb > budgets.totalKbHome) misses.push(`/: total ${home.totalKb.toFixed(1)} KB`);
    console.log(misses.length ? `\nOver budget:\n- ${misses.join('\n- ')}` : '\nEvery budget is met.');
    process.exitCode = misses.length ? 1 : 0;
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
