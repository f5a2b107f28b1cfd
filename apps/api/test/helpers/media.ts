import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.ts';
import { media } from '../../src/db/schema.ts';

/** The media id at the end of a media address (`/api/v1/media/<id>`), or the id itself. */
export const mediaIdOf = (urlOrId: string) => urlOrId.slice(urlOrId.lastIndexOf('/') + 1);

/**
 * Waits until the image jobs have processed an acknowledged upload (its row is no longer `pending`) and
 * returns the row: an answer photo is acknowledged before it is re-encoded.
 */
export async function waitForMedia(db: Database, urlOrId: string, timeoutMs = 15_000) {
  const id = mediaIdOf(urlOrId);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.select().from(media).where(eq(media.id, id));
    if (row && row.status !== 'pending') return row;
    if (Date.now() > deadline)
      throw new Error(`media ${id} still ${row?.status ?? 'missing'} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
