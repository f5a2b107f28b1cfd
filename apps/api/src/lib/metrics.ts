import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Seconds of the request-duration histogram's buckets: the exam's goals are a second for a commitment and a
 * few for a photo's delivery, so the buckets are finest below a second (docs/decisions/064-metrics.md).
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** One reading of a gauge: its labels (none for a gauge without) and its value. */
export type Reading = { labels?: Record<string, string>; value: number };

/** What a gauge reads when scraped; a reading that fails keeps the gauge's last values (see `gauge`). */
export type Reader = () => Readonly<Reading[]> | Promise<Readonly<Reading[]>>;

type Warn = (obj: object, message: string) => void;

/**
 * The metrics of one process (a server or a worker), in a registry of its own: prom-client's default
 * registry is process-wide, and the tests build many apps in one process. Counters are counted where the
 * event happens (the services call them); gauges are read when Prometheus scrapes (`gauge`).
 */
export function createMetrics(warn: Warn = () => {}) {
  const registry = new Registry();
  const registers = [registry];
  const counter = (name: string, help: string, labelNames: string[] = []) =>
    new Counter({ name, help, labelNames, registers });

  /**
   * A gauge whose values come from `read` at each scrape. Labels a reading no longer names are dropped. A
   * reading that throws (the database away for a moment) is logged and leaves the last values, so one
   * failing source never fails the whole scrape.
   */
  const gauge = (name: string, help: string, labelNames: string[], read: Reader) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        let readings: Readonly<Reading[]>;
        try {
          readings = await read();
        } catch (err) {
          warn({ err, metric: name }, 'metrics: a gauge could not be read; it keeps its last value');
          return;
        }
        this.reset();
        for (const { labels, value } of readings) {
          if (labels) this.set(labels, value);
          else this.set(value);
        }
      },
    });

  /**
   * A counter kept by something that counts for the whole process (the upload gate), read at each scrape:
   * `read` gives its totals so far, by label.
   */
  const counterFrom = (name: string, help: string, labelNames: string[], read: () => Reading[]) =>
    new Counter({
      name,
      help,
      labelNames,
      registers,
      collect() {
        this.reset();
        for (const { labels, value } of read()) {
          if (labels) this.inc(labels, value);
          else this.inc(value);
        }
      },
    });

  return {
    registry,
    gauge,
    counterFrom,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern (never the address as sent) and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    photoCommitments: counter(
      'ngso_photo_commitments_total',
      'Answer photos committed in time (their hash and size recorded), by category',
      ['category'],
    ),
    photoDeliveries: counter(
      'ngso_photo_deliveries_total',
      'Bytes of committed or late answer photos received and stored, by category',
      ['category'],
    ),
    latePhotos: counter(
      'ngso_late_photos_total',
      'Photos sent late (after the window and its grace), for organisers to decide on, by category',
      ['category'],
    ),
    imageJobsFailed: counter(
      'ngso_image_jobs_failed_total',
      'Image jobs that failed: an error (tried again) or bytes that do not decode (the photo ends failed)',
      ['reason'],
    ),
    mailFailed: counter(
      'ngso_mail_failed_total',
      'Mails the mail server did not take: retried later, or given up after the last try',
      ['final'],
    ),
    paperDownloads: counter(
      'ngso_paper_downloads_total',
      'Encrypted question papers sent to entrants (sent whole, or not modified: 304)',
      ['result'],
    ),
    paperKeysServed: counter(
      'ngso_paper_keys_served_total',
      "Question papers' keys sent from the category's start (nginx answers most from its cache)",
      ['category'],
    ),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** `2xx`, `4xx` ...: the status as a class, so a label has five values. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
