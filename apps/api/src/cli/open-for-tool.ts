import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/client.ts';
import { acquireDataDirLock } from '../lib/data-dir-lock.ts';

/**
 * Opens the configured database, and the services on it, for a command-line tool. On the embedded
 * database the tool takes the server's lock, so it refuses to run while a server holds the folder.
 * Mails that a tool queues wait in the outbox until a server sends them.
 */
export async function openForTool(tool: string) {
  const config = { ...loadConfig(), LOG_LEVEL: 'warn' as const };
  const release = config.DATABASE_URL ? () => {} : acquireDataDirLock(config.DATA_DIR, tool);
  try {
    const database = await openConfiguredDatabase(config);
    const app = await buildApp(config, { database, startMailWorker: false });
    return {
      config,
      db: database.db,
      services: app.services,
      close: async () => {
        await app.close();
        await database.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/** Prints a tool's failure as a sentence and exits non-zero. */
export function runTool(main: () => Promise<void>) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}
