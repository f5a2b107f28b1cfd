import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../src/db/schema.ts';
import { jpegPhoto } from './helpers/images.ts';
import { multipart } from './helpers/multipart.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the upload quota', () => {
  it('refuses the 201st file of one account with 403, and not another account', async () => {
    const owner = client(t.app);
    await owner.post('/api/v1/register', newStudent());
    const ownerId = (await owner.get('/api/v1/user')).json().user.id;
    await t.db.insert(media).values(
      Array.from({ length: 200 }, (_, i) => ({
        ownerId,
        kind: 'upload' as const,
        storageKey: `${String(i).padStart(32, '0')}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: 1000,
        sha256: 'x',
        width: 1,
        height: 1,
      })),
    );
    const body = multipart([{ name: 'one-more.jpg', data: await jpegPhoto() }]);
    const refused = await owner.request({ method: 'POST', url: '/api/v1/upload', ...body });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You have reached the upload limit for your account. Remove some images and try again.',
    );

    const other = client(t.app);
    await other.post('/api/v1/register', newStudent());
    expect((await other.request({ method: 'POST', url: '/api/v1/upload', ...body })).statusCode).toBe(200);
  });
});
