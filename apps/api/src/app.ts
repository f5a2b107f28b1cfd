import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { type Database, type DatabaseHandle, openConfiguredDatabase } from './db/client.ts';
import { imageJobs, openJobQueue } from './jobs/image-jobs.ts';
import { renderAtSend } from './jobs/render-mail-at-send.ts';
import { yieldToRequests } from './jobs/yield-to-requests.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import type { ServiceContext } from './lib/context.ts';
import { serializeLoggedError } from './lib/database-errors.ts';
import { bufferedLogDestination } from './lib/log-destination.ts';
import { translate } from './lib/messages.ts';
import { createMetrics, type Metrics } from './lib/metrics.ts';
import {
  watchDatabasePool,
  watchImageJobs,
  watchOutbox,
  watchUndeliveredPhotos,
  watchUploadGate,
} from './lib/metrics-gauges.ts';
import { openStorage } from './lib/open-storage.ts';
import { contractTransform, securitySchemes } from './lib/openapi.ts';
import { createRateLimits } from './lib/rate-limits.ts';
import { loadReceiptKeys } from './lib/receipt-keys.ts';
import { type ThreadUse, threadBusy } from './lib/thread-use.ts';
import { MailWorker } from './mail/mail-worker.ts';
import { enqueueMail, waitingMails } from './mail/outbox.repo.ts';
import { fileTransport, type MailTransport, smtpTransport } from './mail/transport.ts';
import { adminEbookRoutes } from './modules/admin/admin-ebooks.routes.ts';
import { dashboardRoutes } from './modules/admin/dashboard.routes.ts';
import { usersRoutes } from './modules/admin/users.routes.ts';
import { admitCardRoutes } from './modules/admit-card/admit-card.routes.ts';
import {
  adminAnnouncementsRoutes,
  announcementsRoutes,
} from './modules/announcements/announcements.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { sessionPlugin } from './modules/auth/session-plugin.ts';
import { certificateRoutes } from './modules/certificates/certificates.routes.ts';
import { checkInRoutes } from './modules/check-in/check-in.routes.ts';
import { onAwardBandsChanged } from './modules/competitions/award-bands.ts';
import { competitionRoutes } from './modules/competitions/competitions.routes.ts';
import { readExamWindowWith } from './modules/competitions/final-round.service.ts';
import { ebooksRoutes } from './modules/ebooks/ebooks.routes.ts';
import { undeliveredPhotos } from './modules/exam/answer-photos.repo.ts';
import { answerUploadRoutes } from './modules/exam/answer-upload.routes.ts';
import { answerPhotosAtPeak, answerUploadGate } from './modules/exam/answer-upload-gate.ts';
import { examRoutes } from './modules/exam/exam.routes.ts';
import { adminExamRoutes } from './modules/exam/exam-admin.routes.ts';
import { onExamDefinitionForgotten, readPublicationWith } from './modules/exam/exam-cache.ts';
import { findExam } from './modules/exam/public.ts';
import { questionImagesRoutes } from './modules/exam/question-images.routes.ts';
import { letStaffSeeQuestionsWhen } from './modules/exam/staff-question-access.ts';
import { gradingRoutes } from './modules/grading/grading.routes.ts';
import { graderMaySeeMedia, mayGradeNow } from './modules/grading/grading-access.ts';
import { secondMarkingCount } from './modules/grading/second-marking.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { adminLookAlikeRoutes } from './modules/look-alikes/look-alikes.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { letGradersSeeMediaWhen } from './modules/media/media.service.ts';
import { adminPreliminaryRoutes } from './modules/preliminary/preliminary-admin.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { receiptRoutes } from './modules/receipts/receipts.routes.ts';
import { rechecksRoutes } from './modules/rechecks/rechecks.routes.ts';
import { registrationRoutes } from './modules/registration/registration.routes.ts';
import { adminRegistrationRoutes } from './modules/registration/registration-admin.routes.ts';
import { isCategoryPublished } from './modules/results/public.ts';
import { holdPublicationForSecondMarking } from './modules/results/publication-holds.ts';
import { resultsRoutes } from './modules/results/results.routes.ts';
import { forgetPublishedSheet } from './modules/results/sheet-cache.ts';
import { forgetStandings } from './modules/results/standings-cache.ts';
import { adminTutorialsRoutes, tutorialsRoutes } from './modules/tutorials/tutorials.routes.ts';
import { verifyRoutes } from './modules/verify/verify.routes.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { apiNotFound, errorsPlugin } from './plugins/errors.ts';
import { requestMetricsPlugin } from './plugins/request-metrics.ts';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers.ts';
import { webPlugin } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    clock: Clock;
    services: ServiceContext;
    mailWorker: MailWorker;
    /** This process's Prometheus metrics (served by server.ts on METRICS_PORT). */
    metrics: Metrics;
    /** Every route the app serves (method and URL), for the authorisation tests. */
    routeTable: Array<{ method: string; url: string }>;
  }
}

export type AppOverrides = {
  /** An open, migrated database; otherwise one is opened from the config. */
  database?: DatabaseHandle;
  clock?: Clock;
  mailTransport?: MailTransport;
  /** Start the mail worker (default true); tests may drain it themselves. */
  startMailWorker?: boolean;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write: (line: string) => void };
  /** How busy the server's thread is, for the image jobs that wait their turn (tests set it). */
  threadUse?: ThreadUse;
  /** Whether answer photos arrive at a peak, for the same (tests set it). */
  photosAtPeak?: () => boolean;
};

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Query values that must never reach a log line (the reset link carries a token). */
const redactUrl = (url: string) =>
  url.includes('?') ? url.replace(/([?&](?:token|email)=)[^&]*/gi, '$1[redacted]') : url;

/**
 * One log line per request, when it is answered, with the request, the status and the time (Fastify writes
 * two by default: every call of the exam's start second paid for both).
 */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * How long the server keeps an idle connection open behind nginx (TRUST_PROXY set): longer than nginx keeps
 * its idle connections to a process (deploy/nginx/ngso.conf's `keepalive_timeout`, a whole exam), so that
 * nginx always closes first and never sends a request on a connection the server is closing (decision 059).
 */
export const KEEP_ALIVE_BEHIND_PROXY_MS = 80 * 60_000;

/** Facing the clients themselves (no proxy), an idle connection is kept for Fastify's usual 72 s, not an hour. */
export const KEEP_ALIVE_DIRECT_MS = 72_000;

/** Builds the whole server from a configuration; tests build their own on a fresh database. */
/**
 * Where a module below needs something done by one above it (decision 070): the exam's changed definition
 * drops results' published sheet, changed award bands drop results' standings, and second marking holds
 * results' publication back.
 */
function connectModules() {
  onExamDefinitionForgotten(forgetPublishedSheet);
  onAwardBandsChanged(forgetStandings);
  holdPublicationForSecondMarking(secondMarkingCount);
  letGradersSeeMediaWhen(graderMaySeeMedia);
  readPublicationWith(isCategoryPublished);
  letStaffSeeQuestionsWhen(mayGradeNow);
  readExamWindowWith(findExam);
}

export async function buildApp(config: Config, overrides: AppOverrides = {}) {
  connectModules();
  const headers = securityHeaders(config.BASE_URL);
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      // No header is logged (so no cookie, authorization or set-cookie): a request is its method, URL
      // (tokens removed) and address; a reply is Fastify's default, its status code.
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
        err: serializeLoggedError,
      },
      stream: overrides.logStream ?? bufferedLogDestination(),
    },
    logController: new OneLinePerRequest(),
    trustProxy: config.TRUST_PROXY ? parseTrustProxy(config.TRUST_PROXY) : false,
    bodyLimit: 1_048_576,
    keepAliveTimeout: config.TRUST_PROXY ? KEEP_ALIVE_BEHIND_PROXY_MS : KEEP_ALIVE_DIRECT_MS,
    // A URL the router cannot read (bad encoding, a path segment over 100 characters) gets the envelope
    // too, the security headers and no-store (no hook runs for it).
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply)
        .headers(headers)
        .header('Cache-Control', 'no-store')
        .status(400)
        .type('application/json; charset=utf-8')
        .send({ status: 'error', message: translate('request.invalid') });
    },
  }).withTypeProvider<ZodTypeProvider>();

  const routeTable: Array<{ method: string; url: string }> = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });

  const metrics = createMetrics((obj, message) => app.log.warn(obj, message));
  await app.register(requestMetricsPlugin, { metrics });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = overrides.database ?? (await openConfiguredDatabase(config));
  const clock = overrides.clock ?? systemClock;
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, enableOfflineQueue: true })
    : undefined;
  if (config.RATE_LIMITS === 'off')
    app.log.warn('RATE_LIMITS=off: rate limits are disabled (load tests only)');

  const transport =
    overrides.mailTransport ??
    (config.SMTP_URL
      ? smtpTransport(config.SMTP_URL)
      : fileTransport(path.join(config.DATA_DIR, 'mail'), app.log));
  const mailWorker = new MailWorker(database.db, transport, clock, {
    from: config.MAIL_FROM,
    host: new URL(config.BASE_URL).hostname,
    log: app.log,
    retryMs: config.MAIL_RETRY_SECONDS * 1000,
    onFailed: (final) => metrics.mailFailed.inc({ final: String(final) }),
    // The mails written before their text (the submissions'), from the services assembled below.
    render: (mail) => renderAtSend(services)(mail),
  });

  const storage = await openStorage(config);
  const threadIsBusy = threadBusy(overrides.threadUse);
  const photosAtPeak = overrides.photosAtPeak ?? answerPhotosAtPeak;
  const images = imageJobs({
    queue: openJobQueue(database, app.log, config.IMAGE_JOB_TIMEOUT_SECONDS),
    db: database.db,
    storage,
    log: app.log,
    workers: config.IMAGE_WORKERS,
    timeoutSeconds: config.IMAGE_JOB_TIMEOUT_SECONDS,
    // A job holds its place in the queue while it waits: well within the time after which it counts as lost.
    // While photos arrive at a peak the thread may still have time to spare, but the cores do not: the
    // database's work and the files' writes take them (decision 049).
    waitYourTurn: yieldToRequests({
      longestMs: Math.min(10_000, (config.IMAGE_JOB_TIMEOUT_SECONDS * 1000) / 3),
      busy: () => threadIsBusy() || photosAtPeak(),
    }),
    onFailed: (reason) => metrics.imageJobsFailed.inc({ reason }),
  });
  if (database.pool) watchDatabasePool(metrics, database.pool);
  watchImageJobs(metrics, images.backlog);
  watchUploadGate(metrics, answerUploadGate);
  watchUndeliveredPhotos(metrics, () =>
    undeliveredPhotos(database.db, clock.now(), config.EXAM_DELIVERY_MINUTES),
  );
  watchOutbox(metrics, () => waitingMails(database.db));

  const services: ServiceContext = {
    db: database.db,
    clock,
    config,
    limits: createRateLimits({ enabled: config.RATE_LIMITS === 'on', redis, clock }),
    receipts: await loadReceiptKeys(config),
    storage,
    imageJobs: images,
    metrics,
    withMail: async (work) => {
      let queued = false;
      const result = await database.db.transaction((tx) =>
        work(
          tx,
          async (mail) => {
            await enqueueMail(tx, mail, clock.now());
            queued = true;
          },
          () => {
            queued = true;
          },
        ),
      );
      if (queued) mailWorker.kick();
      return result;
    },
  };

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('clock', clock);
  app.decorate('services', services);
  app.decorate('mailWorker', mailWorker);
  app.decorate('metrics', metrics);

  await app.register(fastifyCookie);
  await app.register(securityHeadersPlugin, { headers });
  await app.register(fastifyMultipart);
  await app.register(errorsPlugin);
  await app.register(csrfPlugin);
  await app.register(sessionPlugin);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'National General Science Olympiad API',
        version: '1.0.0',
        description: 'Every call of the site. Paths are under /api.',
      },
      servers: [{ url: '/', description: 'This server: every path begins with /api' }],
      components: { securitySchemes: securitySchemes(app.sessionCookieName) },
    },
    transform: contractTransform,
  });

  await app.register(
    async (api) => {
      api.setNotFoundHandler(apiNotFound);
      // Personal JSON must never sit in a shared cache.
      api.addHook('onSend', (_request, reply, payload, done) => {
        if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
        done(null, payload);
      });
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(profileRoutes);
      await api.register(registrationRoutes);
      await api.register(verifyRoutes);
      await api.register(answerUploadRoutes);
      await api.register(mediaRoutes);
      await api.register(ebooksRoutes);
      await api.register(admitCardRoutes);
      await api.register(examRoutes);
      await api.register(receiptRoutes);
      await api.register(adminExamRoutes);
      await api.register(adminLookAlikeRoutes);
      await api.register(questionImagesRoutes);
      await api.register(resultsRoutes);
      await api.register(gradingRoutes);
      await api.register(rechecksRoutes);
      await api.register(certificateRoutes);
      await api.register(dashboardRoutes);
      await api.register(usersRoutes);
      await api.register(auditRoutes);
      await api.register(adminRegistrationRoutes);
      await api.register(checkInRoutes);
      await api.register(adminPreliminaryRoutes);
      await api.register(competitionRoutes);
      await api.register(adminEbookRoutes);
      await api.register(tutorialsRoutes);
      await api.register(adminTutorialsRoutes);
      await api.register(announcementsRoutes);
      await api.register(adminAnnouncementsRoutes);
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { distDir: config.WEB_DIST ?? defaultWebDist });

  if (overrides.startMailWorker !== false) app.addHook('onReady', async () => mailWorker.start());
  app.addHook('onReady', async () => images.start());
  app.addHook('onClose', async () => {
    await images.stop();
    await mailWorker.stop();
    redis?.disconnect();
    if (!overrides.database) await database.close();
  });

  return app;
}

/** TRUST_PROXY: 'true', a hop count, or addresses/subnets of the proxies (comma separated). */
function parseTrustProxy(value: string): boolean | string | ((address: string, hop: number) => boolean) {
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}
