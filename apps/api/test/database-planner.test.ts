import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the database's planner", () => {
  it('costs a random page read as on SSD or in memory (1.1) on every connection of the app, so batched lookups use the indexes', async () => {
    // Several at once: on PostgreSQL they run on several connections of the pool.
    const settings = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.db.execute(sql`select current_setting('random_page_cost') as cost, pg_sleep(0.05)`),
      ),
    );
    for (const result of settings) {
      expect((result as unknown as { rows: { cost: string }[] }).rows[0]?.cost).toBe('1.1');
    }
  });
});
