import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  answerPhoto,
  approvedStudent,
  eventually,
  expectStatus,
  type FaultEnvironment,
  faultEnvironment,
  importQualified,
  newStudent,
  openJuniorExam,
  signIn,
} from '../faults/support.ts';
import { followChild } from '../helpers/child-process.ts';
import { jpegPhoto } from '../helpers/images.ts';

/**
 * The metrics as the operators' Prometheus reads them (docs/operations.md, "Metrics and alerts"): the
 * shipped alert rules pass `promtool check rules` and load into a real Prometheus, which scrapes a real
 * server process (on a PostgreSQL cluster of its own, its image jobs in pg-boss) through a short exam:
 * commitments, deliveries and a photo whose bytes do not decode. The counters are read back through
 * Prometheus's HTTP API. Ports 4681-4685, beside the fault tests' (faults/support.ts).
 */
const PORTS = { http: 4681, smtp: 4682, postgres: 4683, metrics: 4684, prometheus: 4685 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const alerts = path.join(root, 'deploy/prometheus/alerts.yml');
const run = promisify(execFile);

let env: FaultEnvironment;
let prometheus: ReturnType<typeof followChild> | undefined;
let promDir: string;

beforeAll(async () => {
  env = await faultEnvironment(PORTS, { METRICS_PORT: String(PORTS.metrics), IMAGE_WORKERS: '1' });
  await env.startSmtp();
  await env.startServer();
  promDir = await mkdtemp(path.join(os.tmpdir(), 'ngso-prometheus-'));
  const config = path.join(promDir, 'prometheus.yml');
  await writeFile(
    config,
    [
      'global: { scrape_interval: 1s, evaluation_interval: 1s }',
      `rule_files: ['${alerts}']`,
      'scrape_configs:',
      '  - job_name: ngso',
      `    static_configs: [{ targets: ['127.0.0.1:${PORTS.metrics}'] }]`,
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(
    'prometheus',
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(promDir, 'data')}`,
      `--web.listen-address=127.0.0.1:${PORTS.prometheus}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  prometheus = followChild(child);
  await eventually('Prometheus to answer', async () =>
    (await fetch(`http://127.0.0.1:${PORTS.prometheus}/-/ready`).catch(() => undefined))?.ok
      ? true
      : undefined,
  );
});

afterAll(async () => {
  await prometheus?.stop(10_000);
  await env?.teardown();
  if (promDir) await rm(promDir, { recursive: true, force: true });
});

/** One value of an instant query through Prometheus's HTTP API (undefined: no series yet). */
async function query(expr: string) {
  const url = `http://127.0.0.1:${PORTS.prometheus}/api/v1/query?query=${encodeURIComponent(expr)}`;
  const answer = (await (await fetch(url)).json()) as {
    status: string;
    data: { result: { metric: Record<string, string>; value: [number, string] }[] };
  };
  expect(answer.status).toBe('success');
  const [first] = answer.data.result;
  return first ? Number(first.value[1]) : undefined;
}

/** Waits until Prometheus has scraped the value expected (a scrape a second). */
const scraped = (expr: string, expected: number) =>
  eventually(`${expr} to be ${expected} in Prometheus`, async () =>
    (await query(expr)) === expected ? true : undefined,
  );

describe('Prometheus', () => {
  it('finds the alert rules valid, passes their unit tests, and loads them', async () => {
    const { stdout } = await run('promtool', ['check', 'rules', alerts]);
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
    // Each alert fires on what it watches, and not before (deploy/prometheus/alerts.test.yml).
    const tested = await run('promtool', ['test', 'rules', 'alerts.test.yml'], { cwd: path.dirname(alerts) });
    expect(tested.stdout).toMatch(/SUCCESS/);
    const rules = (await (await fetch(`http://127.0.0.1:${PORTS.prometheus}/api/v1/rules`)).json()) as {
      data: { groups: { name: string; rules: { name: string }[] }[] };
    };
    const names = rules.data.groups.flatMap((group) => group.rules.map((rule) => rule.name));
    expect(names).toEqual(
      expect.arrayContaining([
        'NgsoPhotosUndeliveredAfterWindow',
        'NgsoImageJobsWaiting',
        'NgsoServerErrors',
        'NgsoEventLoopLag',
        'NgsoDatabaseConnectionsWaited',
        'NgsoMailFailures',
        'NgsoUploadGateTurningAway',
      ]),
    );
  });

  it('scrapes the server through a short exam and reads its counters back', async () => {
    await scraped('up{job="ngso"}', 1);
    const admin = await signIn(env, ADMIN.email, ADMIN.password);
    const student = newStudent('metrics');
    await importQualified(admin, [student]);
    await openJuniorExam(admin);
    const { browser } = await approvedStudent(env, admin, student);
    const questions = (await browser.get('/api/v1/ngso-1/questions?category=junior')).body.data as {
      id: string;
    }[];
    const large = await jpegPhoto({ width: 800, height: 600 });
    // A third of a JPEG passes the checks at the door and fails its image job.
    const photos = [
      await answerPhoto(40),
      await answerPhoto(200),
      large.subarray(0, Math.floor(large.length / 3)),
    ].map((bytes) => ({
      bytes,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      size: bytes.length,
    }));
    expectStatus(
      await browser.post('/api/v1/ngso-1/answers', {
        question_id: questions[0]?.id,
        images: photos.map(({ sha256, size }) => ({ sha256, size })),
      }),
      200,
    );
    await scraped('ngso_photo_commitments_total{category="junior"}', 3);
    await scraped('ngso_photos_undelivered{category="junior"}', 3);

    for (const photo of photos) {
      expectStatus(
        await browser.put(`/api/v1/ngso-1/answer-photos/${photo.sha256}`, photo.bytes, {
          'content-type': 'image/jpeg',
        }),
        200,
      );
    }
    await scraped('ngso_photo_deliveries_total{category="junior"}', 3);
    await scraped('ngso_image_jobs_failed_total{reason="undecodable"}', 1);
    await scraped('ngso_photos_undelivered{category="junior"}', 0);
    await scraped('ngso_image_jobs_waiting', 0);
    expect(await query('ngso_db_pool_total')).toBeGreaterThan(0);
    expect(
      await query(
        'sum(http_request_duration_seconds_count{route="/api/v1/:competition/answer-photos/:sha256",status_class="2xx"})',
      ),
    ).toBe(3);
    expect(await query('nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(await query('count(http_request_duration_seconds_count{route=~".*ngso-1.*"})')).toBeUndefined();
    expect(prometheus?.ended()).toBeUndefined();
  });

  it('takes every query of the dashboard, and finds each metric the dashboard and the rules name', async () => {
    const dashboard = JSON.parse(await readFile(path.join(root, 'deploy/grafana/exam-day.json'), 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const exprs = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    expect(exprs.length).toBeGreaterThan(10);
    for (const expr of exprs) {
      const url = `http://127.0.0.1:${PORTS.prometheus}/api/v1/query?query=${encodeURIComponent(expr)}`;
      const answer = (await (await fetch(url)).json()) as { status: string; error?: string };
      expect(answer, expr).toMatchObject({ status: 'success' });
    }
    // Every metric named is one the server declares (a counter not counted yet has no series, but its TYPE).
    const served = await (await fetch(`http://127.0.0.1:${PORTS.metrics}/metrics`)).text();
    const declared = new Set([...served.matchAll(/^# TYPE (\S+)/gm)].map((match) => match[1]));
    const named = `${exprs.join('\n')}\n${await readFile(alerts, 'utf8')}`;
    const metrics = new Set(
      [...named.matchAll(/\b((?:ngso|http|nodejs)_[a-z0-9_]+?)(?:_bucket|_count|_sum)?\b/g)].map((m) => m[1]),
    );
    for (const metric of metrics) expect(declared, `${metric} is not served`).toContain(metric);
  });
});
