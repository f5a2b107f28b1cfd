import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media, users } from '../src/db/schema.ts';
import { AppError } from '../src/lib/app-error.ts';
import { storeAnswerUpload } from '../src/modules/exam/exam-uploads.ts';
import { signedInAdmin } from './helpers/fixtures.ts';
import { jpegPhoto } from './helpers/images.ts';
import { multipart } from './helpers/multipart.ts';
import { createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Rows standing for files already stored by an account (the quota counts rows). */
const existingFiles = (ownerId: string, count: number, prefix: string) =>
  t.db.insert(media).values(
    Array.from({ length: count }, (_, i) => ({
      ownerId,
      kind: 'upload' as const,
      storageKey: `${prefix}${String(i).padStart(31, '0')}.jpg`,
      contentType: 'image/jpeg',
      sizeBytes: 1000,
      sha256: 'x',
      width: 1,
      height: 1,
    })),
  );

describe('the upload quota', () => {
  it('refuses the 201st file of one account with 403, and not another account', async () => {
    const owner = await signedInAdmin(t, 'quota-full@example.com');
    const ownerId = (await owner.get('/api/v1/user')).json().user.id;
    await existingFiles(ownerId, 200, 'a');
    const body = multipart([{ name: 'one-more.jpg', data: await jpegPhoto() }]);
    const refused = await owner.request({ method: 'POST', url: '/api/v1/upload', ...body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You have reached the upload limit for your account. Remove some images and try again.',
    );

    const other = await signedInAdmin(t, 'quota-other@example.com');
    expect((await other.request({ method: 'POST', url: '/api/v1/upload', ...body })).statusCode).toBe(200);
  });

  it('lets exactly one of five concurrent uploads take the last place of the quota', async () => {
    const owner = await signedInAdmin(t, 'quota-race@example.com');
    const ownerId = (await owner.get('/api/v1/user')).json().user.id as string;
    await existingFiles(ownerId, 199, 'b');
    const [user] = await t.db.select().from(users).where(eq(users.id, ownerId));
    if (!user) throw new Error('no user');
    const photo = await jpegPhoto();
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        storeAnswerUpload(t.app.services, user, { data: photo, fileName: `race${i}.jpg` }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results.filter((r) => r.status === 'rejected')) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(AppError);
      expect(((result as PromiseRejectedResult).reason as AppError).messageKey).toBe('media.quota');
    }
    expect(await t.db.$count(media, eq(media.ownerId, ownerId))).toBe(200);
  });

  it('is counted by the database itself: stores, processing, removals and the bytes quota all follow the rows', async () => {
    const owner = await signedInAdmin(t, 'quota-count@example.com');
    const ownerId = (await owner.get('/api/v1/user')).json().user.id as string;
    const counted = async () => {
      const [row] = await t.db
        .select({ files: users.mediaFiles, bytes: users.mediaBytes })
        .from(users)
        .where(eq(users.id, ownerId));
      const rows = await t.db.select().from(media).where(eq(media.ownerId, ownerId));
      return {
        kept: row,
        actual: { files: rows.length, bytes: rows.reduce((sum, r) => sum + r.sizeBytes, 0) },
      };
    };
    await existingFiles(ownerId, 3, 'c');
    const afterInsert = await counted();
    expect(afterInsert.kept).toEqual({ files: 3, bytes: 3000 });

    const [first] = await t.db.select().from(media).where(eq(media.ownerId, ownerId)).limit(1);
    await t.db
      .update(media)
      .set({ sizeBytes: 400 })
      .where(eq(media.id, first?.id ?? ''));
    expect((await counted()).kept).toEqual({ files: 3, bytes: 2400 });
    await t.db.delete(media).where(eq(media.id, first?.id ?? ''));
    const afterDelete = await counted();
    expect(afterDelete.kept).toEqual(afterDelete.actual);
    expect(afterDelete.kept).toEqual({ files: 2, bytes: 2000 });

    // The bytes: an account 1 KB below 500 MB is refused a photo larger than that.
    await t.db
      .update(media)
      .set({ sizeBytes: 500_000_000 - 3000 })
      .where(eq(media.ownerId, ownerId));
    const body = multipart([{ name: 'too-much.jpg', data: await jpegPhoto() }]);
    const refused = await owner.request({ method: 'POST', url: '/api/v1/upload', ...body });
    expect(refused.statusCode).toBe(403);
    expect((await counted()).kept).toEqual((await counted()).actual);
  });
});
