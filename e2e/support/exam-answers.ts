import { type APIRequestContext, expect } from '@playwright/test';
import { jpegOf, type PageOptions, photographPage } from '../../apps/web/src/test/handwriting-page.ts';
import type { ExamCategory } from './exam-setup.ts';

/**
 * A small photo of a handwritten page: a real JPEG (768 × 1024, a few lines of writing, each shade its
 * own page), about 80 kB, as the exam page gets it from a phone's camera after choosing it. Sharp, lit
 * and large enough for the page's photo checks (decision 061).
 */
export function smallAnswerPhoto(name: string, shade: number) {
  return pagePhoto(name, { width: 768, height: 1024, lines: 8, noise: 0, seed: shade }, 75);
}

/** A phone photo of a handwritten page, a JPEG file to choose, drawn, lit and focused as `options` say. */
export async function pagePhoto(name: string, options: PageOptions, quality = 85) {
  return { name, mimeType: 'image/jpeg', buffer: await jpegOf(await photographPage(options), quality) };
}

export type StoredImage = { sha256: string; size: number; url: string | null; status: 'pending' | 'stored' };
export type StoredAnswer = {
  question_id: string;
  image_urls: string[];
  images: StoredImage[];
  version: number;
  saved_at: string;
};
export type StoredLatePhoto = StoredImage & {
  question_id: string;
  decision: string;
  taken_at: string | null;
};

/** The question ids of a category's exam, in the order the exam page shows them (the student's session). */
export async function questionIds(api: APIRequestContext, category: ExamCategory): Promise<string[]> {
  const response = await api.get('/api/v1/ngso-1/questions', { params: { category } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { id: string }[] }).data.map((question) => question.id);
}

/** What the server stored as the student's answers, by question id (the student's session). */
export async function storedAnswers(api: APIRequestContext): Promise<Map<string, StoredAnswer>> {
  const response = await api.get('/api/v1/ngso-1/answers');
  expect(response.status(), await response.text()).toBe(200);
  const list = ((await response.json()) as { data: { data: StoredAnswer[] } }).data.data;
  return new Map(list.map((answer) => [answer.question_id, answer]));
}

/**
 * Every image address answers the stored JPEG (the files are on the server, not only the rows). A photo
 * the server is still re-encoding answers 409 for a moment: asked again until it is ready.
 */
export async function expectImagesServed(api: APIRequestContext, urls: string[]) {
  for (const url of urls) {
    await expect
      .poll(async () => (await api.get(url)).status(), { message: `${url} is served`, timeout: 30_000 })
      .toBe(200);
    const response = await api.get(url);
    expect(response.status(), `${url} is served`).toBe(200);
    expect(response.headers()['content-type']).toBe('image/jpeg');
    const body = await response.body();
    expect(body.length, `${url} has bytes`).toBeGreaterThan(1_000);
    expect([...body.subarray(0, 3)], `${url} is a JPEG`).toEqual([0xff, 0xd8, 0xff]);
  }
}

/** The student's late photos as the server has them (the student's session). */
export async function storedLatePhotos(api: APIRequestContext): Promise<StoredLatePhoto[]> {
  const response = await api.get('/api/v1/ngso-1/answers');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { late_photos: StoredLatePhoto[] } }).data.late_photos;
}

/** The student's exam as the server has it (phase, submission). */
export async function examOf(api: APIRequestContext) {
  const response = await api.get('/api/v1/ngso-1/exam');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: { phase: string; submitted_at: string | null } }).data;
}
