import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { E2E_ADMIN, XHR } from './admin.ts';
import { questionIds, smallAnswerPhoto, storedAnswers } from './exam-answers.ts';
import { approvedEntrant, setExamWindow } from './exam-setup.ts';
import { confirmSecondFactorInPage } from './second-factor.ts';

/** A student who, during the exam, answers junior question 1 with one photo whose bytes arrive and are stored. */
async function answeringStudent(baseURL: string, admin: APIRequestContext, shade: number) {
  const student = await request.newContext({ baseURL });
  await approvedEntrant(student, admin, 'junior');
  const [q1] = await questionIds(student, 'junior');
  if (!q1) throw new Error('the exam has questions');
  const { buffer } = await smallAnswerPhoto(`answer-${shade}.jpg`, shade);
  const sha256 = createHash('sha256').update(buffer).digest('hex');
  const committed = await student.post('/api/v1/ngso-1/answers', {
    data: { question_id: q1, images: [{ sha256, size: buffer.length }] },
    headers: XHR,
  });
  expect(committed.status(), await committed.text()).toBe(200);
  const delivered = await student.put(`/api/v1/ngso-1/answer-photos/${sha256}`, {
    data: buffer,
    headers: { ...XHR, 'Content-Type': 'image/jpeg' },
  });
  expect(delivered.status(), await delivered.text()).toBe(200);
  // The server re-encodes the photo in the background: graders get it (and its prefetch) once it is stored.
  await expect
    .poll(async () => (await storedAnswers(student)).get(q1)?.images[0]?.status, { timeout: 30_000 })
    .toBe('stored');
  await student.dispose();
  return q1;
}

/**
 * Answers to grade on a server of the test's own: the junior exam opens, one student per shade answers
 * question 1 with a photo of that shade, and the exam ends two minutes ago (past the grace), so grading is
 * open. Returns question 1's id.
 */
export async function juniorAnswersToGrade(baseURL: string, admin: APIRequestContext, shades: number[]) {
  await setExamWindow(admin, 'junior', Date.now() - 60_000, Date.now() + 30 * 60_000);
  let q1 = '';
  for (const shade of shades) q1 = await answeringStudent(baseURL, admin, shade);
  const end = Date.now() - 2 * 60_000;
  await setExamWindow(admin, 'junior', end - 60 * 60_000, end);
  return q1;
}

/** The e2e admin signed in on `page` through the login page and the second factor, on junior's grading page. */
export async function adminOnJuniorGrading(page: Page, serverName: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/admin/grading?category=junior');
  // The second factor leads back to the page asked for. (Loading it again would race the claim the page
  // makes on arriving: an aborted claim may still hold an answer, and a held answer comes back without the
  // next one's prefetch.)
  await confirmSecondFactorInPage(page, serverName);
  await expect(page).toHaveURL(/\/admin\/grading\?category=junior$/);
}

/** Each answer's marks to question `questionId` in junior's submissions (admin call), lowest first. */
export async function juniorMarksOf(admin: APIRequestContext, questionId: string) {
  const submissions = await admin.get('/api/v1/admin/submissions', { params: { category: 'junior' } });
  return (
    (await submissions.json()) as {
      data: { answers: { question_id: string; marks: number | null }[] }[];
    }
  ).data
    .flatMap((s) => s.answers.filter((a) => a.question_id === questionId).map((a) => a.marks))
    .sort();
}
