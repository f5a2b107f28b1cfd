import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../src/modules/auth/admin-accounts.ts';
import { seedPreparationEbook } from '../src/modules/ebooks/ebook-seed.ts';
import { registeredStudent } from './helpers/fixtures.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedPreparationEbook(t.app.services)).toBe(true);
  expect(await seedPreparationEbook(t.app.services)).toBe(false);
});
afterAll(() => t.close());

async function studentWith(status: 'pending' | 'approved' | null) {
  if (status) return (await registeredStudent(t, status)).browser;
  const browser = client(t.app);
  await browser.post('/api/v1/register', newStudent());
  return browser;
}

describe('e-books', () => {
  it('are listed for an approved registrant, with every page in order', async () => {
    const approved = await studentWith('approved');
    const response = await approved.get('/api/v1/ebooks');
    expect(response.statusCode).toBe(200);
    const [book, ...others] = response.json().data;
    expect(others).toEqual([]);
    expect(book).toMatchObject({
      title: 'Science Preparation E-book',
      description: 'An ebook to ace your preparation!',
    });
    expect(book.images).toHaveLength(100);
    // Each address names its page's content (?v=), so a reordered book never shows a cached old page.
    expect(book.images[4]).toMatch(new RegExp(`^/api/v1/ebooks/${book.id}/pages/5\\?v=[0-9a-f]{12}$`));
    expect(book.thumbnail).toBe(book.images[0]);

    const page = await approved.get(book.images[4]);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/jpeg');
    expect(page.headers['cache-control']).toBe('private, max-age=86400');
    expect((await sharp(page.rawPayload).metadata()).width).toBe(900);
    expect(
      (await approved.get(book.images[4], { 'if-none-match': String(page.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it('are an empty list, and pages 403, for a pending student or one not registered', async () => {
    const approved = await studentWith('approved');
    const pageUrl = (await approved.get('/api/v1/ebooks')).json().data[0].images[0];
    for (const status of ['pending', null] as const) {
      const browser = await studentWith(status);
      expect((await browser.get('/api/v1/ebooks')).json()).toEqual({ status: 'success', data: [] });
      expect((await browser.get(pageUrl)).statusCode).toBe(403);
    }
    expect((await client(t.app).get(pageUrl)).statusCode).toBe(401);
    expect((await client(t.app).get('/api/v1/ebooks')).statusCode).toBe(401);
  });

  it('serves pages to staff, and 404 for a page or book that does not exist', async () => {
    await ensureAdmin(t.db, 'staff@example.com', 'Staff-pass-1', new Date());
    const staff = client(t.app);
    await staff.post('/api/v1/login', { email: 'staff@example.com', password: 'Staff-pass-1' });
    const approved = await studentWith('approved');
    const book = (await approved.get('/api/v1/ebooks')).json().data[0];
    expect((await staff.get(book.images[0])).statusCode).toBe(200);
    expect((await approved.get(`/api/v1/ebooks/${book.id}/pages/101`)).statusCode).toBe(404);
    expect((await approved.get('/api/v1/ebooks/not-a-book/pages/1')).statusCode).toBe(404);
    expect((await approved.get(`/api/v1/ebooks/${book.id}/pages/0`)).statusCode).toBe(422);
  });
});
