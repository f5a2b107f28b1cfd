import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openConfiguredDatabase, withStartupLock } from './db/client.ts';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock.ts';
import { serveMetrics } from './lib/metrics-server.ts';
import { createFirstAdmin } from './modules/auth/admin-accounts.ts';
import { seedPreparationEbook } from './modules/ebooks/ebook-seed.ts';
import { seedTutorials } from './modules/tutorials/tutorial-seed.ts';

/** Reads the environment, opens the database, listens, and shuts down gracefully. */
async function main() {
  const config = loadConfig();
  const releaseLock = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR, 'server');
  const database = await openConfiguredDatabase(config);
  const app = await buildApp(config, { database });
  app.addHook('onClose', async () => {
    await database.close();
    releaseLock();
  });
  // Several processes may start together on one PostgreSQL (behind nginx): one at a time creates the
  // first admin and the placeholder e-book, so there is one of each, and starts its background jobs
  // (on a new database pg-boss creates its tables then; two at once collide) (apps/api/test/scale).
  const seeded = await withStartupLock(config.DATABASE_URL, async () => {
    if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
      const outcome = await createFirstAdmin(
        database.db,
        config.ADMIN_EMAIL,
        config.ADMIN_PASSWORD,
        new Date(),
      );
      if (outcome === 'created') app.log.info('created the first admin from ADMIN_EMAIL');
      if (outcome === 'address-taken') {
        app.log.warn(
          'ADMIN_EMAIL belongs to an account that is not an admin: no admin was created. Run npm run admin:create to make it one.',
        );
      }
    }
    if (await seedTutorials(app.services)) app.log.info('seeded the eight tutorials');
    const generated = await seedPreparationEbook(app.services);
    await app.ready();
    return generated;
  });
  if (seeded) app.log.info('generated the placeholder pages of the e-book');
  // Prometheus's own listener, never the site's port (docs/operations.md, "Metrics and alerts").
  const metrics = await serveMetrics(
    app.metrics.registry,
    { host: config.METRICS_HOST, port: config.METRICS_PORT },
    app.log,
  );
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await metrics?.close();
  });

  // The exam's start brings a thousand connections in the same instant: Node's default queue of 511
  // waiting connections would drop the rest (one to three seconds each, to the client's SYN retries).
  await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });

  app.log.info(
    `National General Science Olympiad is running at ${config.BASE_URL} (${database.kind} database)`,
  );
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
