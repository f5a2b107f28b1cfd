import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/lib/clock.ts';
import type { Metrics } from '../src/lib/metrics.ts';
import { serveMetrics } from '../src/lib/metrics-server.ts';
import { enqueueMail } from '../src/mail/outbox.repo.ts';
import { answerUploadGate } from '../src/modules/exam/answer-upload-gate.ts';
import { registeredStudent, signedInAdmin } from './helpers/fixtures.ts';
import { jpegPhoto } from './helpers/images.ts';
import { waitForMedia } from './helpers/media.ts';
import { client, createTestApp } from './helpers/test-app.ts';

// The seeded junior exam: 2025-01-14 11:00 to 12:00 UTC; grace 60 s; delivery until 13:00 UTC.
const START = '2025-01-14T11:00:00Z';
const END = '2025-01-14T12:00:00Z';
const clock = fixedClock('2025-01-14T10:00:00Z');
const later = (iso: string, seconds: number) => new Date(Date.parse(iso) + seconds * 1000).toISOString();
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

/** A metric's value for these labels, as Prometheus would scrape it now (gauges read at this moment). */
async function metricValue(metrics: Metrics, name: string, labels: Record<string, string> = {}) {
  const metric = metrics.registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const found = (
    (await metric.get()).values as { labels: Record<string, string | number>; value: number }[]
  ).find((v) => Object.entries(labels).every(([key, value]) => String(v.labels[key]) === value));
  return found?.value ?? 0;
}

let made = 0;
async function photo(options: { undecodable?: boolean } = {}) {
  made += 1;
  const whole = await jpegPhoto({ width: 800 + made, height: 600 });
  // A third of a JPEG passes the header checks and fails the re-encoding (the image job).
  const bytes = options.undecodable ? whole.subarray(0, Math.floor(whole.length / 3)) : whole;
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
}
type Photo = Awaited<ReturnType<typeof photo>>;

const deliver = (browser: ReturnType<typeof client>, p: Photo) =>
  browser.request({
    method: 'PUT',
    url: `/api/v1/ngso-1/answer-photos/${p.sha256}`,
    payload: p.bytes,
    headers: { 'content-type': 'image/jpeg' },
  });

describe('the exam as the metrics show it', () => {
  it('counts commitments, deliveries, late photos and failed image jobs, and the photos still awaited', async () => {
    const metrics = t.app.metrics;
    const junior = { category: 'junior' };
    const before = {
      commitments: await metricValue(metrics, 'ngso_photo_commitments_total', junior),
      deliveries: await metricValue(metrics, 'ngso_photo_deliveries_total', junior),
      late: await metricValue(metrics, 'ngso_late_photos_total', junior),
      undecodable: await metricValue(metrics, 'ngso_image_jobs_failed_total', { reason: 'undecodable' }),
    };
    const student = await registeredStudent(t, 'approved');
    clock.set(later(START, 300));
    const questions = (await student.browser.get('/api/v1/ngso-1/questions?category=junior')).json().data as {
      id: string;
    }[];
    const [a, b, broken] = [await photo(), await photo(), await photo({ undecodable: true })];
    const commit = (photos: Photo[]) =>
      student.browser.post('/api/v1/ngso-1/answers', {
        question_id: questions[0]?.id,
        images: photos.map(({ sha256, size }) => ({ sha256, size })),
      });
    expect((await commit([a, b])).statusCode).toBe(200);
    // The same commitment sent again (a lost reply) is not a new one; a third photo added is.
    expect((await commit([a, b])).statusCode).toBe(200);
    clock.set(later(START, 360));
    expect((await commit([a, b, broken])).statusCode).toBe(200);
    expect(await metricValue(metrics, 'ngso_photo_commitments_total', junior)).toBe(before.commitments + 3);

    // Three photos awaited, the oldest committed 60 s ago; no window has ended.
    expect(await metricValue(metrics, 'ngso_photos_undelivered', junior)).toBe(3);
    expect(await metricValue(metrics, 'ngso_oldest_undelivered_seconds', junior)).toBe(60);
    expect(await metricValue(metrics, 'ngso_undelivered_past_window_end_seconds', junior)).toBe(0);
    expect(await metricValue(metrics, 'ngso_photos_undelivered', { category: 'senior' })).toBe(0);

    const delivered = await deliver(student.browser, a);
    expect(delivered.statusCode, delivered.body).toBe(200);
    const failing = await deliver(student.browser, broken);
    expect(failing.statusCode, failing.body).toBe(200);
    // Sent again: no second delivery counted.
    expect((await deliver(student.browser, a)).statusCode).toBe(200);
    expect(await metricValue(metrics, 'ngso_photo_deliveries_total', junior)).toBe(before.deliveries + 2);
    // The job marks the photo failed, then counts.
    await waitForMedia(t.db, failing.json().data.url);
    await expect
      .poll(() => metricValue(metrics, 'ngso_image_jobs_failed_total', { reason: 'undecodable' }))
      .toBe(before.undecodable + 1);

    // After the end and its grace: a late photo, awaited too. Eleven minutes after the end, one photo
    // committed in time is still away (a reading of the database stands 5 s: wait for the next).
    clock.set(later(END, 11 * 60));
    const late = await photo();
    const sent = await student.browser.post('/api/v1/ngso-1/late-photos', {
      question_id: questions[1]?.id,
      sha256: late.sha256,
      size: late.size,
      taken_at: later(END, 30),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await metricValue(metrics, 'ngso_late_photos_total', junior)).toBe(before.late + 1);
    await new Promise((resolve) => setTimeout(resolve, 5100));
    expect(await metricValue(metrics, 'ngso_photos_undelivered', junior)).toBe(2);
    expect(await metricValue(metrics, 'ngso_undelivered_past_window_end_seconds', junior)).toBe(11 * 60);
    expect(await metricValue(metrics, 'ngso_oldest_undelivered_seconds', junior)).toBe(
      (Date.parse(later(END, 11 * 60)) - Date.parse(later(START, 300))) / 1000,
    );

    // The photo committed in time arrives: the late one alone is awaited, counted from its commitment (just
    // now), not from the window's end, so no alert calls a late photo sent a minute ago overdue.
    expect((await deliver(student.browser, b)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5100));
    expect(await metricValue(metrics, 'ngso_photos_undelivered', junior)).toBe(1);
    expect(await metricValue(metrics, 'ngso_undelivered_past_window_end_seconds', junior)).toBe(0);
  });

  it('shows the answer photos gate and the mail outbox', async () => {
    const metrics = t.app.metrics;
    expect(await metricValue(metrics, 'ngso_upload_gate_in_use')).toBe(
      answerUploadGate.usage().inFlightBytes,
    );
    expect(await metricValue(metrics, 'ngso_upload_gate_budget_bytes')).toBeGreaterThanOrEqual(16_000_000);
    const turnedAway = (await metrics.registry.getSingleMetricAsString('ngso_upload_gate_turned_away_total'))
      .split('\n')
      .filter((line) => line.startsWith('ngso_upload_gate_turned_away_total{'));
    expect(turnedAway.map((line) => line.split(' ')[0])).toEqual([
      'ngso_upload_gate_turned_away_total{reason="full"}',
      'ngso_upload_gate_turned_away_total{reason="waited_too_long"}',
      'ngso_upload_gate_turned_away_total{reason="per_account"}',
    ]);
  });

  it('shows the mails waiting in the outbox', async () => {
    const quiet = await createTestApp({ startMailWorker: false });
    try {
      for (const to of ['a@example.com', 'b@example.com']) {
        await enqueueMail(quiet.db, { to, subject: 'Hello', text: 'Hello' }, new Date());
      }
      expect(await metricValue(quiet.app.metrics, 'ngso_mail_outbox_waiting', { kind: 'other' })).toBe(2);
      expect(await metricValue(quiet.app.metrics, 'ngso_mail_outbox_waiting', { kind: 'announcement' })).toBe(
        0,
      );
    } finally {
      await quiet.close();
    }
  });
});

describe('the image jobs and the database pool', () => {
  it('shows the jobs waiting for a worker and how long the oldest has waited', async () => {
    const queueOnly = await createTestApp({ clock, env: { IMAGE_WORKERS: '0' } });
    try {
      const student = await registeredStudent(queueOnly, 'approved');
      clock.set(later(START, 600));
      const questions = (await student.browser.get('/api/v1/ngso-1/questions?category=junior')).json()
        .data as { id: string }[];
      const p = await photo();
      const committed = await student.browser.post('/api/v1/ngso-1/answers', {
        question_id: questions[0]?.id,
        images: [{ sha256: p.sha256, size: p.size }],
      });
      expect(committed.statusCode).toBe(200);
      expect((await deliver(student.browser, p)).statusCode).toBe(200);
      const metrics = queueOnly.app.metrics;
      // Nobody works the queue here: the photo's job waits.
      await expect.poll(() => metricValue(metrics, 'ngso_image_jobs_waiting'), { timeout: 10_000 }).toBe(1);
      expect(await metricValue(metrics, 'ngso_image_job_oldest_seconds')).toBeGreaterThanOrEqual(0);
      expect(await metricValue(metrics, 'ngso_image_job_oldest_seconds')).toBeLessThan(60);
      if (process.env.DATABASE_URL) {
        // PostgreSQL: the pool's connections.
        expect(await metricValue(metrics, 'ngso_db_pool_total')).toBeGreaterThan(0);
        expect(await metricValue(metrics, 'ngso_db_pool_waiting')).toBe(0);
      } else {
        // The embedded database has no pool to show.
        expect(metrics.registry.getSingleMetric('ngso_db_pool_total')).toBeUndefined();
      }
    } finally {
      await queueOnly.close();
    }
  });
});

describe('route labels', () => {
  it('label requests by the route they matched, never by the address sent, so the label set stays bounded', async () => {
    const metrics = t.app.metrics;
    const browser = client(t.app);
    const admin = await signedInAdmin(t);
    const unique = Array.from({ length: 25 }, (_, i) => `probe-${i}-${Date.now()}`);
    for (const code of unique) {
      await browser.get(`/api/v1/${code}/exam`);
      await browser.get(`/api/no-such-route/${code}?token=${code}`);
      await admin.get(`/api/v1/admin/registrations?search=${code}`);
    }
    const text = await metrics.registry.getSingleMetricAsString('http_request_duration_seconds');
    for (const code of unique) expect(text).not.toContain(code);
    const routes = new Set(
      [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1] as string).filter((r) => r !== ''),
    );
    expect(routes).toContain('/api/v1/:competition/exam');
    expect(routes).toContain('unmatched');
    expect(routes).toContain('/api/v1/admin/registrations');
    expect(routes.size).toBeLessThanOrEqual(t.app.routeTable.length + 1);
    // 25 different competitions asked for, unsigned: one series, counted 25 times, as 4xx.
    expect(
      await metricValue(metrics, 'http_request_duration_seconds', {
        route: '/api/v1/:competition/exam',
        method: 'GET',
        status_class: '4xx',
        le: '+Inf',
      }),
    ).toBeGreaterThanOrEqual(25);
  });
});

describe('the metrics listener', () => {
  it('serves the metrics on a port of its own, and nothing of them on the site', async () => {
    const log = { info: () => {}, error: () => {} };
    const listener = await serveMetrics(t.app.metrics.registry, { host: '127.0.0.1', port: 0 }, log);
    if (!listener) throw new Error('the metrics did not listen');
    try {
      const scraped = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
      expect(scraped.status).toBe(200);
      expect(scraped.headers.get('content-type')).toContain('text/plain');
      const text = await scraped.text();
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      expect(text).toContain('# TYPE ngso_photo_commitments_total counter');
      // prom-client's process and Node.js metrics.
      expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
      expect(text).toContain('nodejs_heap_size_used_bytes');
      expect(text).toContain('nodejs_gc_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${listener.port}/other`)).status).toBe(404);
    } finally {
      await listener.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('# TYPE');
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
  });

  it('goes on without its metrics when the port is taken, and says so', async () => {
    const errors: string[] = [];
    const log = { info: () => {}, error: (_obj: object, message: string) => errors.push(message) };
    const first = await serveMetrics(t.app.metrics.registry, { host: '127.0.0.1', port: 0 }, log);
    if (!first) throw new Error('the metrics did not listen');
    try {
      const second = await serveMetrics(t.app.metrics.registry, { host: '127.0.0.1', port: first.port }, log);
      expect(second).toBeUndefined();
      expect(errors.join('\n')).toMatch(/could not listen/);
    } finally {
      await first.close();
    }
    expect(
      await serveMetrics(t.app.metrics.registry, { host: '127.0.0.1', port: 'off' }, log),
    ).toBeUndefined();
  });
});
