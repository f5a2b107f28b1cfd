import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { client, createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const as: Record<'signedOut' | 'student' | 'grader' | 'admin', ReturnType<typeof client>> = {} as never;

/** The calls graders may use (grading, re-checks given to them, check-in at the door); the rest are for admins. */
const GRADER_CALLS = new Set([
  'GET /api/v1/admin/submissions',
  'PUT /api/v1/admin/submissions/:userId/marks',
  'GET /api/v1/admin/results/:category',
  'GET /api/v1/admin/questions',
  'GET /api/v1/admin/exams/:category/paper.pdf', // the questions, printed: as they are read
  'GET /api/v1/admin/competitions',
  'GET /api/v1/admin/check-ins/:code',
  'POST /api/v1/admin/check-ins/:code',
  'GET /api/v1/admin/rechecks/assigned',
  'POST /api/v1/admin/rechecks/:id/decision',
  'POST /api/v1/admin/grading/claim',
  'POST /api/v1/admin/grading/heartbeat',
  'POST /api/v1/admin/grading/release',
  'GET /api/v1/admin/grading/progress/:category',
  'GET /api/v1/admin/questions/:id/rubric',
  'POST /api/v1/admin/grading/second/claim',
  'POST /api/v1/admin/grading/second/heartbeat',
  'POST /api/v1/admin/grading/second/release',
  'PUT /api/v1/admin/grading/second/marks',
]);

beforeAll(async () => {
  t = await createTestApp();
  as.signedOut = client(t.app);
  as.student = (await registeredStudent(t, 'approved')).browser;
  as.grader = await signedInGrader(t);
  as.admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const fill = (url: string) =>
  url
    .replace(':category', 'junior')
    .replace(':competition', 'ngso-1')
    .replace(/:(id|userId)/, '00000000-0000-4000-8000-000000000000')
    .replace(':code', 'AAAAAAAAAAAAAAAA') // an admit card's code
    .replace(':page', '1') // e-book pages
    .concat(url.includes('submissions') && !url.includes(':') ? '?category=junior' : '')
    .concat(url.endsWith('/questions') ? '?category=junior' : '');

describe('every organiser call, as each role', () => {
  it('covers the route table (a new admin route without a rule fails here)', () => {
    const adminRoutes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/v1/admin') && r.method !== 'HEAD',
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(20);
  });

  it('answers 401 signed out, 403 to students, 403 to graders outside grading, and never 401/403 to admins', async () => {
    const adminRoutes = t.app.routeTable.filter(
      (r) => r.url.startsWith('/api/v1/admin') && r.method !== 'HEAD',
    );
    const failures: string[] = [];
    for (const route of adminRoutes) {
      const call = `${route.method} ${route.url}`;
      const send = (who: ReturnType<typeof client>) =>
        who.request({
          method: route.method as 'GET',
          url: fill(route.url),
          payload: route.method === 'GET' ? undefined : {},
        });
      const expectations: Array<[keyof typeof as, (status: number) => boolean, string]> = [
        ['signedOut', (s) => s === 401, '401'],
        ['student', (s) => s === 403, '403'],
        [
          'grader',
          GRADER_CALLS.has(call) ? (s) => s !== 401 && s !== 403 : (s) => s === 403,
          GRADER_CALLS.has(call) ? 'allowed' : '403',
        ],
        ['admin', (s) => s !== 401 && s !== 403 && s < 500, 'allowed'],
      ];
      for (const [role, ok, wanted] of expectations) {
        const response = await send(as[role]);
        if (!ok(response.statusCode))
          failures.push(`${call} as ${role}: ${response.statusCode}, wanted ${wanted}`);
        if (response.statusCode === 401 || response.statusCode === 403) {
          expect(response.json()).toEqual({ status: 'error', message: expect.any(String) });
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
