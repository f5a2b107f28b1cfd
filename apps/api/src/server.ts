import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ensureAdmin } from './lib/admin.ts';
import { acquireDataDirLock, DataDirLockedError } from './lib/data-dir-lock.ts';
import { seedPreparationEbook } from './modules/ebooks/ebook-seed.ts';

/** Reads the environment, opens the database, listens, and shuts down gracefully. */
async function main() {
  const config = loadConfig();
  const releaseLock = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR, 'server');
  const database = await openDatabase({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD, new Date());
  }
  const app = await buildApp(config, { database });
  if (await seedPreparationEbook(app.services)) app.log.info('generated the placeholder pages of the e-book');
  app.addHook('onClose', async () => {
    await database.close();
    releaseLock();
  });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ port: config.PORT, host: config.HOST });
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
