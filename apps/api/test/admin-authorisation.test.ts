import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { jpegPhoto } from './helpers/images.ts';
import { waitForMedia } from './helpers/media.ts';
import { sendFiles } from './helpers/multipart.ts';
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

/** The calls for admins only: with GRADER_CALLS, every route of the console has its rule here. */
const ADMIN_CALLS = new Set([
  'POST /api/v1/admin/invitations',
  'GET /api/v1/admin/invitations',
  'DELETE /api/v1/admin/invitations/:id',
  'DELETE /api/v1/admin/users/:id/two-factor',
  'POST /api/v1/admin/users/:id/two-factor/unlock',
  'GET /api/v1/admin/exams/:category',
  'PUT /api/v1/admin/exams/:category',
  'GET /api/v1/admin/exams/:category/live',
  'POST /api/v1/admin/exams/:category/extensions',
  'GET /api/v1/admin/final-round/:category',
  'PUT /api/v1/admin/final-round/:category',
  'POST /api/v1/admin/questions',
  'POST /api/v1/admin/questions/preview',
  'PUT /api/v1/admin/questions/:id',
  'DELETE /api/v1/admin/questions/:id',
  'GET /api/v1/admin/late-photos/:category',
  'POST /api/v1/admin/late-photos/decision',
  'GET /api/v1/admin/exams/:category/look-alikes',
  'POST /api/v1/admin/exams/:category/look-alikes/:id/decision',
  'POST /api/v1/admin/question-images',
  'GET /api/v1/admin/results/:category/export.csv',
  'POST /api/v1/admin/results/:category/publish',
  'POST /api/v1/admin/questions/:id/rubric',
  'PUT /api/v1/admin/rubric/:id',
  'DELETE /api/v1/admin/rubric/:id',
  'GET /api/v1/admin/questions/:id/second-marking',
  'PUT /api/v1/admin/questions/:id/second-marking',
  'GET /api/v1/admin/grading/disagreements/:category',
  'POST /api/v1/admin/grading/disagreements/settle',
  'GET /api/v1/admin/rechecks/settings',
  'PUT /api/v1/admin/rechecks/settings',
  'GET /api/v1/admin/rechecks',
  'GET /api/v1/admin/rechecks/graders',
  'POST /api/v1/admin/rechecks/:id/assign',
  'GET /api/v1/admin/certificates/:category.zip',
  'GET /api/v1/admin/stats',
  'GET /api/v1/admin/users',
  'PUT /api/v1/admin/users/:id/role',
  'POST /api/v1/admin/users/:id/sessions/end',
  'GET /api/v1/admin/audit',
  'GET /api/v1/admin/registrations',
  'POST /api/v1/admin/registrations/:id/approve',
  'POST /api/v1/admin/registrations/:id/reject',
  'POST /api/v1/admin/registrations/reconcile',
  'GET /api/v1/admin/registrations.csv',
  'POST /api/v1/admin/registrations/bulk-approve',
  'GET /api/v1/admin/arrivals',
  'GET /api/v1/admin/arrivals/missing',
  'POST /api/v1/admin/preliminary/import',
  'POST /api/v1/admin/competitions',
  'PUT /api/v1/admin/competitions/:competition',
  'GET /api/v1/admin/ebooks',
  'POST /api/v1/admin/ebooks',
  'GET /api/v1/admin/ebooks/:id',
  'PUT /api/v1/admin/ebooks/:id',
  'DELETE /api/v1/admin/ebooks/:id',
  'POST /api/v1/admin/ebooks/:id/pages',
  'POST /api/v1/admin/ebooks/:id/pdf',
  'PUT /api/v1/admin/ebooks/:id/pages/:page',
  'DELETE /api/v1/admin/ebooks/:id/pages/:page',
  'POST /api/v1/admin/ebooks/:id/thumbnail',
  'DELETE /api/v1/admin/ebooks/:id/thumbnail',
  'GET /api/v1/admin/tutorials',
  'POST /api/v1/admin/tutorials',
  'PUT /api/v1/admin/tutorials/:id',
  'DELETE /api/v1/admin/tutorials/:id',
  'POST /api/v1/admin/tutorials/:id/thumbnail',
  'GET /api/v1/admin/announcements',
  'POST /api/v1/admin/announcements/preview',
  'POST /api/v1/admin/announcements',
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
    const calls = t.app.routeTable
      .filter((r) => r.url.startsWith('/api/v1/admin') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    // Each console route is listed once, for graders or for admins only; none is listed that does not exist.
    expect([...calls].sort()).toEqual([...GRADER_CALLS, ...ADMIN_CALLS].sort());
    expect([...GRADER_CALLS].filter((call) => ADMIN_CALLS.has(call))).toEqual([]);
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

describe('every call of the server, as staff signed in with the password alone', () => {
  it('unlocks nothing by role: each call answers them no more than it answers a student', async () => {
    // What a role could unlock: another student's profile photo, and a diagram no question holds yet.
    const victim = (await registeredStudent(t, 'approved')).browser;
    const photo = (
      await sendFiles(victim, '/api/v1/user/profile/photo', [{ name: 'me.jpg', data: await jpegPhoto() }])
    ).json().profile_image as string;
    await waitForMedia(t.db, photo);
    const diagram = (
      await sendFiles(as.admin, '/api/v1/admin/question-images', [
        { name: 'd.jpg', data: await jpegPhoto(), type: 'image/jpeg' },
      ])
    ).json().data.id as string;
    const passwordOnly = async (email: string, password: string) => {
      const session = client(t.app);
      expect((await session.post('/api/v1/login', { email, password })).statusCode).toBe(200);
      return session;
    };
    const staff = {
      admin: await passwordOnly('organiser@example.com', 'Organiser-pass-1'),
      grader: await passwordOnly('grader@example.com', 'Grader-pass-1'),
    };
    const url = (route: string) =>
      route.startsWith('/api/v1/media/')
        ? route.replace(':id', photo.split('/').pop() ?? '')
        : route.startsWith('/api/v1/question-images/:id')
          ? route.replace(':id', diagram).replace(':size', 'phone')
          : fill(route);
    const routes = t.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method) &&
        !r.url.startsWith('/api/v1/logout'),
    );
    expect(routes.length).toBeGreaterThan(100);
    const unlocked: string[] = [];
    for (const route of routes) {
      const send = (who: ReturnType<typeof client>) =>
        who.request({
          method: route.method as 'GET',
          url: url(route.url),
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
      const student = (await send(as.student)).statusCode;
      for (const [role, session] of Object.entries(staff)) {
        const status = (await send(session)).statusCode;
        if (status < 400 && student >= 400)
          unlocked.push(`${route.method} ${route.url} as ${role}: ${status} (student ${student})`);
      }
    }
    expect(unlocked).toEqual([]);
  });
});

/**
 * security.md V6.1.3: every call that takes a password or a second factor's code is one of the documented
 * authentication pathways, found in the app's own OpenAPI document (a new one fails here until documented).
 */
const AUTHENTICATION_PATHWAYS = [
  'POST /api/v1/login', // e-mail and password
  'POST /api/v1/register', // signs the new student in
  'POST /api/v1/reset-password', // a mailed single-use link, then the new password
  'POST /api/v1/invitations/accept', // a staff invitation's link, then the password
  'PUT /api/v1/password', // signed in, with the current password
  'POST /api/v1/two-factor/confirm', // staff: the first code at set-up
  'POST /api/v1/two-factor/verify', // staff: a code or a recovery code, once per session
];

describe('the authentication pathways', () => {
  it('are exactly the documented calls that take a password or a code', () => {
    type Schema = { properties?: Record<string, Schema>; anyOf?: Schema[]; pattern?: string };
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
      >;
    };
    const fieldsOf = (schema: Schema | undefined): Array<[string, Schema]> =>
      schema ? [...Object.entries(schema.properties ?? {}), ...(schema.anyOf ?? []).flatMap(fieldsOf)] : [];
    // A password, a recovery code, or a one-time code (six digits; a competition's code is not one).
    const secret = ([name, schema]: [string, Schema]) =>
      /password|recovery_code/.test(name) || (name === 'code' && schema.pattern === '^\\d{6}$');
    const taking: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const fields = Object.values(operation.requestBody?.content ?? {}).flatMap((c) => fieldsOf(c.schema));
        if (fields.some(secret)) taking.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(taking.sort()).toEqual([...AUTHENTICATION_PATHWAYS].sort());
  });
});
