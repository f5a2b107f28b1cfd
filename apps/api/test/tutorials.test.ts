import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TUTORIALS, seedTutorials } from '../src/modules/tutorials/tutorial-seed.ts';
import { remove, sendFiles, storedFileCount } from './helpers/ebooks.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { jpegPhoto } from './helpers/images.ts';
import { client, createTestApp } from './helpers/test-app.ts';

/** The home page's tutorials, set by organisers (issue 20). */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp({ startMailWorker: false });
  admin = await signedInAdmin(t);
});
afterAll(() => t?.close());

const physics = {
  title_en: 'Newton’s laws in five minutes',
  title_bn: 'পাঁচ মিনিটে নিউটনের সূত্র',
  video_url: 'https://www.youtube.com/watch?v=abc123',
};

async function create(input: Record<string, unknown> = physics) {
  const response = await admin.post('/api/v1/admin/tutorials', input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: string; position: number; thumbnail: string | null };
}

const publicList = async () => {
  const response = await client(t.app).get('/api/v1/tutorials');
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<{
    id: string;
    title_en: string;
    title_bn: string;
    video_url: string;
    thumbnail: { url: string; width: number; height: number };
  }>;
};

describe('tutorials', () => {
  it('an organiser adds one; it is public once it has a thumbnail made from the uploaded image', async () => {
    const before = await publicList();
    const tutorial = await create();
    expect(tutorial.thumbnail).toBeNull();
    expect((await publicList()).map((item) => item.id)).not.toContain(tutorial.id);

    // A 4:3 photo with GPS tags: the thumbnail is a 16:9 JPEG without any metadata.
    const uploaded = await sendFiles(admin, `/api/v1/admin/tutorials/${tutorial.id}/thumbnail`, [
      {
        name: 'physics.jpg',
        data: await jpegPhoto({ width: 1200, height: 900, gps: true }),
        type: 'image/jpeg',
      },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const after = await publicList();
    expect(after).toHaveLength(before.length + 1);
    const shown = after.find((item) => item.id === tutorial.id);
    expect(shown).toMatchObject({ ...physics, thumbnail: { width: 640, height: 360 } });

    // The thumbnail is for everyone (the public page), cached for a year at an address that changes.
    const image = await client(t.app).get(shown?.thumbnail.url ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 640, 360]);
    expect(meta.exif).toBeUndefined();
    const again = await client(t.app).get(shown?.thumbnail.url ?? '', {
      'if-none-match': String(image.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('an organiser edits the titles, the video and the order; the public list follows', async () => {
    const first = await create({ ...physics, title_en: 'First' });
    const second = await create({ ...physics, title_en: 'Second' });
    for (const { id } of [first, second]) {
      await sendFiles(admin, `/api/v1/admin/tutorials/${id}/thumbnail`, [
        {
          name: 'a.png',
          data: await sharp({ create: { width: 320, height: 180, channels: 3, background: '#0af' } })
            .png()
            .toBuffer(),
        },
      ]);
    }
    const edited = await admin.put(`/api/v1/admin/tutorials/${second.id}`, {
      title_en: 'Second, now first',
      title_bn: 'দ্বিতীয়টি এখন প্রথম',
      video_url: 'http://videos.example.org/second',
      position: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ title_en: 'Second, now first', position: 1 });
    const list = await publicList();
    expect(list[0]).toMatchObject({
      id: second.id,
      title_bn: 'দ্বিতীয়টি এখন প্রথম',
      video_url: 'http://videos.example.org/second',
    });
    const audit = (await admin.get('/api/v1/admin/audit?action=tutorial.edit')).json().data[0];
    expect(audit).toMatchObject({ before: { title_en: 'Second' }, after: { title_en: 'Second, now first' } });
  });

  it('removing a tutorial takes it off the public page and deletes its thumbnail file', async () => {
    const tutorial = await create();
    const filesBefore = await storedFileCount(t.dataDir);
    await sendFiles(admin, `/api/v1/admin/tutorials/${tutorial.id}/thumbnail`, [
      { name: 'a.jpg', data: await jpegPhoto() },
    ]);
    expect(await storedFileCount(t.dataDir)).toBe(filesBefore + 1);
    const url = (await publicList()).find((item) => item.id === tutorial.id)?.thumbnail.url ?? '';
    const removed = await remove(admin, `/api/v1/admin/tutorials/${tutorial.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await publicList()).map((item) => item.id)).not.toContain(tutorial.id);
    expect((await client(t.app).get(url)).statusCode).toBe(404);
    expect(await storedFileCount(t.dataDir)).toBe(filesBefore);
    expect((await remove(admin, `/api/v1/admin/tutorials/${tutorial.id}`)).statusCode).toBe(404);
  });
});

describe('tutorial validation', () => {
  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['ftp://videos.example.org/a'],
    ['www.youtube.com/watch?v=abc'],
    [''],
  ])('accepts only an http(s) video address: %j is refused with a clear message', async (video_url) => {
    const response = await admin.post('/api/v1/admin/tutorials', { ...physics, video_url });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.status).toBe('error');
    expect(body.errors.video_url[0]).toMatch(
      video_url === '' ? /required/ : /^Enter the video's address, starting with http:\/\/ or https:\/\/\.$/,
    );
  });

  it('needs both titles, says so in Bangla for a Bangla reader, and refuses a file that is not an image', async () => {
    const missing = await admin.post(
      '/api/v1/admin/tutorials',
      { video_url: physics.video_url, title_en: 'Only English' },
      { 'accept-language': 'bn' },
    );
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['title_bn']);
    const badUrl = await admin.post(
      '/api/v1/admin/tutorials',
      { ...physics, video_url: 'javascript:alert(1)' },
      { 'accept-language': 'bn' },
    );
    expect(badUrl.json().errors.video_url[0]).toBe('ভিডিওর ঠিকানা দিন, যা http:// বা https:// দিয়ে শুরু হয়।');

    const tutorial = await create();
    const notImage = await sendFiles(admin, `/api/v1/admin/tutorials/${tutorial.id}/thumbnail`, [
      { name: 'notes.txt', data: Buffer.from('not an image'), type: 'image/png' },
    ]);
    expect(notImage.statusCode).toBe(415);
    const unknown = await admin.put('/api/v1/admin/tutorials/00000000-0000-4000-8000-000000000000', physics);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This tutorial was not found.');
  });
});

describe('tutorial authorisation', () => {
  it('only admins change tutorials: 401 signed out, 403 for students and graders; everyone reads the list', async () => {
    const tutorial = await create();
    const student = (await registeredStudent(t, 'approved')).browser;
    const grader = await signedInGrader(t, 'tutorial-grader@example.com');

    const calls = (who: ReturnType<typeof client>) => [
      who.get('/api/v1/admin/tutorials'),
      who.post('/api/v1/admin/tutorials', physics),
      who.put(`/api/v1/admin/tutorials/${tutorial.id}`, physics),
      remove(who, `/api/v1/admin/tutorials/${tutorial.id}`),
      sendFiles(who, `/api/v1/admin/tutorials/${tutorial.id}/thumbnail`, [
        { name: 'a.jpg', data: Buffer.from('x') },
      ]),
    ];
    for (const [who, status] of [
      [client(t.app), 401],
      [student, 403],
      [grader, 403],
    ] as const) {
      const answers = await Promise.all(calls(who));
      expect(answers.map((answer) => answer.statusCode)).toEqual([status, status, status, status, status]);
    }
    expect(
      (await admin.get('/api/v1/admin/tutorials')).json().data.map((row: { id: string }) => row.id),
    ).toContain(tutorial.id);
    expect((await client(t.app).get('/api/v1/tutorials')).headers['cache-control']).toBe(
      'public, max-age=60',
    );
  });
});

describe('the tutorial seed', () => {
  it('seeds the eight tutorials with their texts and thumbnails once, and never over organisers’ tutorials', async () => {
    const fresh = await createTestApp({ startMailWorker: false });
    try {
      expect(await seedTutorials(fresh.app.services)).toBe(true);
      expect(await seedTutorials(fresh.app.services)).toBe(false);
      const list = (await client(fresh.app).get('/api/v1/tutorials')).json().data;
      expect(list.map((item: { title_en: string }) => item.title_en)).toEqual([
        'Tutorial 1: Forces and motion',
        'Tutorial 2: Atoms and molecules',
        'Tutorial 3: Cells and living things',
        'Tutorial 4: Light and optics',
        'Tutorial 5: Electricity and circuits',
        'Tutorial 6: Acids, bases and salts',
        'Tutorial 7: Earth and space',
        'Tutorial 8: Solving olympiad problems',
      ]);
      expect(list[0].title_bn).toBe('টিউটোরিয়াল ১: বল ও গতি');
      expect(list[7].title_bn).toBe('টিউটোরিয়াল ৮: অলিম্পিয়াডের সমস্যা সমাধান');
      expect(list.map((item: { video_url: string }) => item.video_url)).toEqual(
        SEED_TUTORIALS.map((tutorial) => tutorial.videoUrl),
      );
      const thumbnail = await client(fresh.app).get(list[0].thumbnail.url);
      expect((await sharp(thumbnail.rawPayload).metadata()).width).toBe(640);

      // Organisers removed one: a restart does not bring the seed back.
      const organiser = await signedInAdmin(fresh);
      await remove(organiser, `/api/v1/admin/tutorials/${list[0].id}`);
      for (const item of list.slice(1)) await remove(organiser, `/api/v1/admin/tutorials/${item.id}`);
      expect(await seedTutorials(fresh.app.services)).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
