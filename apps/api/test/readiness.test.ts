import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>> | undefined;
afterEach(async () => {
  await t?.close().catch(() => {});
  t = undefined;
});

const ready = (app: NonNullable<typeof t>['app'], headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/ready', headers });

describe('GET /api/ready', () => {
  it('answers 200 when the database answers, its migrations are applied and the file store takes a write', async () => {
    t = await createTestApp();
    const response = await ready(t.app);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'success' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 naming the migrations when the database lacks one this release ships', async () => {
    t = await createTestApp();
    await t.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const response = await ready(t.app);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toEqual({
      status: 'error',
      message: 'This server is not ready to take requests.',
      errors: { migrations: ['The database lacks migrations this release needs.'] },
    });
  });

  it('answers 503 naming the file store when the folder refuses writes, while /api/health (liveness) stays 200', async () => {
    t = await createTestApp();
    const uploads = path.join(t.dataDir, 'uploads');
    await mkdir(uploads, { recursive: true });
    // Immutable: even root may not create anything in it (a read-only or broken mount behaves the same).
    execFileSync('chattr', ['+i', uploads]);
    try {
      const response = await ready(t.app, { 'accept-language': 'bn' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'এই সার্ভারটি এখন অনুরোধ নেওয়ার জন্য প্রস্তুত নয়।',
        errors: { storage: ['ফাইল স্টোরে কিছু লেখা যাচ্ছে না।'] },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      execFileSync('chattr', ['-i', uploads]);
    }
    // Writable again: ready again (a failure is not remembered).
    expect((await ready(t.app)).statusCode).toBe(200);
  });

  it('answers 503 naming the database when it does not answer, never 500, and 200 once it is back', async () => {
    t = await createTestApp();
    const app = t.app;
    const url = process.env.DATABASE_URL;
    if (url) {
      // PostgreSQL refuses this database's connections, and the app's are cut.
      const name = (
        (await t.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows[0]?.name as string;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query(`alter database "${name}" with allow_connections false`);
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [
          name,
        ]);
        await expectDatabaseNotReady(app);
        await admin.query(`alter database "${name}" with allow_connections true`);
      } finally {
        await admin.end();
      }
      expect((await ready(app)).statusCode).toBe(200);
    } else {
      // The embedded database closed under the app: every query fails.
      await (app.services.db as unknown as { $client: { close: () => Promise<void> } }).$client.close();
      await expectDatabaseNotReady(app);
    }
  });
});

async function expectDatabaseNotReady(app: NonNullable<typeof t>['app']) {
  const response = await ready(app);
  expect(response.statusCode).toBe(503);
  const body = response.json();
  expect(body.status).toBe('error');
  expect(body.errors.database).toEqual(['The database does not answer.']);
  expect(body.errors.storage).toBeUndefined();
}
