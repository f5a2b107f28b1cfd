import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInGrader } from '../helpers/fixtures.ts';
import { jpegPhoto } from '../helpers/images.ts';
import { waitForMedia } from '../helpers/media.ts';
import { multipart } from '../helpers/multipart.ts';
import { client, createTestApp } from '../helpers/test-app.ts';
import { startThrowawayS3, type ThrowawayS3 } from '../helpers/throwaway-s3.ts';

let server: ThrowawayS3;
beforeAll(async () => {
  server = await startThrowawayS3();
});
afterAll(async () => {
  await server?.remove();
});

/**
 * Long enough for many refused uploads and for the acknowledged photo's job to fail several times (its
 * retries come after 1, 2, 4, 8 s ...), short enough that the next retry after the store returns is seconds
 * away: with 30 s, the retries' back-off had reached 32 s, and the test waited for it.
 */
const OUTAGE_MS = 12_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`the object store stopped for ${OUTAGE_MS / 1000} s during uploads`, () => {
  it('answers 503 with Retry-After meanwhile, loses nothing acknowledged, and recovers by itself', {
    timeout: 180_000,
  }, async () => {
    const t = await createTestApp({
      env: { ...server.envFor(await server.newBucket()), IMAGE_JOB_TIMEOUT_SECONDS: '4' },
    });
    try {
      const grader = await signedInGrader(t);
      const photo = await jpegPhoto();
      const upload = () =>
        grader.request({
          method: 'POST',
          url: '/api/v1/upload',
          ...multipart([{ name: 'a.jpg', data: photo }]),
        });
      const acknowledged: string[] = [];
      const first = await upload();
      expect(first.statusCode).toBe(200);
      acknowledged.push(first.json().url);

      // Stopped right after an acknowledgment: that photo's processing meets the outage too.
      await server.stop();
      const stoppedAt = Date.now();
      let refused = 0;
      while (Date.now() - stoppedAt < OUTAGE_MS) {
        const response = await upload();
        expect(response.statusCode).toBe(503);
        expect(response.headers['retry-after']).toBe('5');
        expect(response.json()).toEqual({
          status: 'error',
          message: 'The service is busy or briefly unavailable. Please try again in a moment.',
        });
        refused += 1;
        const health = await client(t.app).get('/api/health');
        expect(health.statusCode).toBe(503);
        await sleep(500);
      }
      expect(refused).toBeGreaterThan(5);
      await server.start();

      // No restart of the app: the next upload (a phone sending again) is stored.
      const deadline = Date.now() + 30_000;
      let again = await upload();
      while (again.statusCode !== 200 && Date.now() < deadline) {
        await sleep(500);
        again = await upload();
      }
      expect(again.statusCode).toBe(200);
      acknowledged.push(again.json().url);
      expect((await client(t.app).get('/api/health')).statusCode).toBe(200);

      for (const url of acknowledged) {
        expect((await waitForMedia(t.db, url, 60_000)).status).toBe('ready');
        const shown = await grader.get(url);
        expect(shown.statusCode).toBe(200);
        expect(shown.headers['content-type']).toBe('image/jpeg');
      }
    } finally {
      await t.close();
    }
  });
});
