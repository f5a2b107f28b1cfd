import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { media } from '../src/db/schema.ts';
import { signedInAdmin } from './helpers/fixtures.ts';
import { jpegPhoto, pixelFlood } from './helpers/images.ts';
import { waitForMedia } from './helpers/media.ts';
import { multipart } from './helpers/multipart.ts';
import { client, createTestApp, newStudent } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_MEGABYTES: '2' } });
});
afterAll(() => t.close());

async function signedInStudent() {
  const browser = client(t.app);
  await browser.post('/api/v1/register', newStudent());
  return browser;
}

let organisers = 0;
/** Staff may upload at any time (their own tools); students only during their exam (media-processing.test.ts). */
async function signedInUploader() {
  organisers += 1;
  return signedInAdmin(t, `uploader${organisers}@example.com`);
}

/** Uploads one file and waits until it is processed (uploads are acknowledged before processing). */
async function uploadProcessed(browser: ReturnType<typeof client>, name: string, data: Buffer) {
  const response = await upload(browser, '/api/v1/upload', [{ name, data }]);
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json();
  await waitForMedia(t.db, url);
  return url as string;
}

const upload = (browser: ReturnType<typeof client>, url: string, files: Parameters<typeof multipart>[0]) => {
  const body = multipart(files);
  return browser.request({ method: 'POST', url, payload: body.payload, headers: body.headers });
};

describe('POST /v1/upload', () => {
  it('stores a re-encoded image without GPS or other metadata, served to its owner only', async () => {
    const owner = await signedInUploader();
    const photo = await jpegPhoto({ gps: true });
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const response = await upload(owner, '/api/v1/upload', [
      { name: 'answer.jpg', data: photo, type: 'image/jpeg' },
    ]);
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/^\/api\/v1\/media\/[0-9a-f-]{36}$/);
    await waitForMedia(t.db, url);

    const served = await owner.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    const stored = await sharp(served.rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const etag = String(served.headers.etag);
    const again = await owner.get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);

    const other = await signedInStudent();
    const refused = await other.get(url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ status: 'error', message: 'The requested resource was not found.' });
    expect((await client(t.app).get(url)).statusCode).toBe(401);
  });

  it('turns a photo upright from its EXIF orientation and caps the longest side at 2000 px', async () => {
    const owner = await signedInUploader();
    const rotated = await jpegPhoto({ width: 300, height: 100, orientation: 6 });
    const url = await uploadProcessed(owner, 'side.jpg', rotated);
    const meta = await sharp((await owner.get(url)).rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([100, 300]);
    expect(meta.orientation).toBeUndefined();

    const big = await jpegPhoto({ width: 3000, height: 1500 });
    const bigUrl = await uploadProcessed(owner, 'big.jpg', big);
    const bigMeta = await sharp((await owner.get(bigUrl)).rawPayload).metadata();
    expect([bigMeta.width, bigMeta.height]).toEqual([2000, 1000]);
  });

  it('decides the type by the bytes: a PNG named .txt is accepted, a text named .jpg is 415', async () => {
    const owner = await signedInUploader();
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    expect(
      (await upload(owner, '/api/v1/upload', [{ name: 'notes.txt', data: png, type: 'text/plain' }]))
        .statusCode,
    ).toBe(200);
    const fake = await upload(owner, '/api/v1/upload', [
      { name: 'homework.jpg', data: Buffer.from('hello, not an image'), type: 'image/jpeg' },
    ]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toEqual({ status: 'error', message: 'homework.jpg is not an image' });
  });

  it('refuses a file over the size limit with 413 and a readable message', async () => {
    const owner = await signedInUploader();
    const response = await upload(owner, '/api/v1/upload', [
      { name: 'huge.jpg', data: Buffer.alloc(2_100_000, 1) },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('This file is larger than 2 MB. Please choose a smaller image.');
  });

  it('refuses a pixel flood with 413', async () => {
    const owner = await signedInUploader();
    const response = await upload(owner, '/api/v1/upload', [{ name: 'flood.png', data: await pixelFlood() }]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(
      'This image is too large (40 megapixels at most). Please choose a smaller image.',
    );
  });

  it('takes one file per request, in the field named file', async () => {
    const owner = await signedInUploader();
    const photo = await jpegPhoto();
    const two = await upload(owner, '/api/v1/upload', [
      { name: 'a.jpg', data: photo },
      { name: 'b.jpg', data: photo },
    ]);
    expect(two.statusCode).toBe(400);
    const none = await owner.request({ method: 'POST', url: '/api/v1/upload', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Please choose a file to upload.');
  });

  it('refuses signed-out uploads and unknown media ids without a 500', async () => {
    const photo = await jpegPhoto();
    expect((await upload(client(t.app), '/api/v1/upload', [{ name: 'a.jpg', data: photo }])).statusCode).toBe(
      401,
    );
    const owner = await signedInUploader();
    expect((await owner.get('/api/v1/media/not-a-uuid')).statusCode).toBe(404);
    expect((await owner.get('/api/v1/media/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('answers 404, not a broken 200 or a 500, when a stored file has gone from the disk', async () => {
    const owner = await signedInUploader();
    const url = await uploadProcessed(owner, 'a.jpg', await jpegPhoto());
    const id = url.split('/').pop() as string;
    const [row] = await t.db.select().from(media).where(eq(media.id, id));
    const key = row?.storageKey ?? '';
    await rm(path.join(t.dataDir, 'uploads', key.slice(0, 2), key.slice(2, 4), key));
    const gone = await owner.get(url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ status: 'error', message: expect.any(String) });
  });
});

describe('profile photo', () => {
  it('changes the photo, shows it in the user object, and removes the previous one', async () => {
    const owner = await signedInStudent();
    const first = await upload(owner, '/api/v1/user/profile/photo', [
      { name: 'me.jpg', data: await jpegPhoto() },
    ]);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.profile_image).toMatch(/^\/api\/v1\/media\//);
    expect(body.user.profile_image).toBe(body.profile_image);
    expect((await owner.get('/api/v1/user')).json().user.profile_image).toBe(body.profile_image);

    const second = (
      await upload(owner, '/api/v1/user/profile/photo', [{ name: 'me2.jpg', data: await jpegPhoto() }])
    ).json();
    expect(second.profile_image).not.toBe(body.profile_image);
    expect((await owner.get(body.profile_image)).statusCode).toBe(404);
    expect((await owner.get(second.profile_image)).statusCode).toBe(200);
  });

  it('is not served to an admin signed in with the password alone, only past the second factor', async () => {
    const owner = await signedInStudent();
    const photo = (
      await upload(owner, '/api/v1/user/profile/photo', [{ name: 'me.jpg', data: await jpegPhoto() }])
    ).json().profile_image as string;
    await waitForMedia(t.db, photo);
    const admin = await signedInUploader();
    const passwordOnly = client(t.app);
    await passwordOnly.post('/api/v1/login', {
      email: `uploader${organisers}@example.com`,
      password: 'Organiser-pass-1',
    });
    const refused = await passwordOnly.get(photo);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      "Please confirm your sign-in with the code from your authenticator app to use the organisers' console.",
    );
    expect(refused.headers['content-type']).toContain('application/json');
    expect((await admin.get(photo)).statusCode).toBe(200);
  });

  it('refuses a non-image with the spec message', async () => {
    const owner = await signedInStudent();
    const response = await upload(owner, '/api/v1/user/profile/photo', [
      { name: 'cv.pdf', data: Buffer.from('%PDF-1.4 ...') },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('cv.pdf is not an image');
  });
});
