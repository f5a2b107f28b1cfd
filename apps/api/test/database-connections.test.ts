import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Runs `count` queries at once, each holding its connection for a moment; answers the rows. */
async function atOnce<Row>(count: number, query: ReturnType<typeof sql>) {
  const results = await Promise.all(Array.from({ length: count }, () => t.db.execute(query)));
  return results.map((result) => (result as unknown as { rows: Row[] }).rows[0] as Row);
}

describe("the app's database connections", () => {
  it('cost a random page read as on SSD or in memory (1.1), every one of them, so batched lookups use the indexes', async () => {
    const rows = await atOnce<{ cost: string }>(
      5,
      sql`select current_setting('random_page_cost') as cost, pg_sleep(0.05)`,
    );
    for (const row of rows) expect(row.cost).toBe('1.1');
  });

  it('are 40 at once on PostgreSQL (DATABASE_POOL_SIZE), and one on the embedded database', async () => {
    const rows = await atOnce<{ pid: number }>(50, sql`select pg_backend_pid() as pid, pg_sleep(0.2)`);
    const connections = new Set(rows.map((row) => row.pid)).size;
    // The tests run on PostgreSQL when DATABASE_URL is set (helpers/test-database.ts).
    expect(connections).toBe(process.env.DATABASE_URL ? 40 : 1);
  });
});
