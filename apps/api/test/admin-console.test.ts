import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../src/db/schema.ts';
import { registeredStudent, signedInAdmin, signedInGrader } from './helpers/fixtures.ts';
import { type client, createTestApp } from './helpers/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: ReturnType<typeof client>;
beforeAll(async () => {
  t = await createTestApp({ startMailWorker: false });
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const idOf = async (email: string) =>
  (await admin.get(`/api/v1/admin/registrations?q=${encodeURIComponent(email)}`)).json().data[0]
    ?.id as string;

describe("the organisers' console", () => {
  it('counts registrations by status, category and division', async () => {
    await registeredStudent(t, 'pending', 'junior');
    await registeredStudent(t, 'approved', 'senior');
    const stats = (await admin.get('/api/v1/admin/stats')).json().data;
    expect(stats.registrations.by_status.pending).toBeGreaterThanOrEqual(1);
    expect(stats.registrations.by_status.approved).toBeGreaterThanOrEqual(1);
    expect(stats.registrations.by_category.junior).toBeGreaterThanOrEqual(1);
    expect(stats.registrations.by_division.Dhaka).toBeGreaterThanOrEqual(2);
    expect(stats.exam).toMatchObject({ answered: 0, submitted: 0, active_last_minute: 0 });
  });

  it('exports CSV with a BOM, Bangla intact, and formulas defused', async () => {
    const s = await registeredStudent(t, 'pending', 'secondary');
    const id = await idOf(s.user.email);
    await t.db
      .update(registrations)
      .set({ name: '=নুসরাত জাহান', institution: 'ঢাকা কলেজ' })
      .where(eq(registrations.id, id));
    const csv = await admin.get('/api/v1/admin/registrations.csv?category=secondary');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="registrations.csv"');
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFid,name,email,')).toBe(true);
    expect(text).toContain("'=নুসরাত জাহান");
    expect(text).toContain('ঢাকা কলেজ');
    expect(text).toContain(s.user.email);
  });

  it('bulk-approves pending registrations and reports what it skipped', async () => {
    const a = await registeredStudent(t, 'pending');
    const b = await registeredStudent(t, 'pending');
    const done = await registeredStudent(t, 'approved');
    const ids = [await idOf(a.user.email), await idOf(b.user.email), await idOf(done.user.email), 'nonsense'];
    const result = (await admin.post('/api/v1/admin/registrations/bulk-approve', { ids })).json().data;
    expect(result.approved).toEqual(ids.slice(0, 2));
    expect(result.skipped).toEqual([
      { id: ids[2], reason: 'registration.notPending' },
      { id: 'nonsense', reason: 'registration.notFound' },
    ]);
    expect((await a.browser.get('/api/v1/ngso-1/registration/status')).json().data.registration_status).toBe(
      'approved',
    );
  });

  it('finds users, changes a role (ending their sessions), and records everything in the audit log', async () => {
    const s = await registeredStudent(t, 'approved');
    const found = (await admin.get(`/api/v1/admin/users?q=${encodeURIComponent(s.user.email)}`)).json();
    expect(found.data).toEqual([expect.objectContaining({ id: s.user.id, role: 'student' })]);
    // Staff are never made by promoting whoever holds an address (they are invited).
    const promoted = await admin.put(`/api/v1/admin/users/${s.user.id}/role`, { role: 'grader' });
    expect(promoted.statusCode).toBe(409);
    expect(promoted.json().message).toBe(
      'Staff are added by invitation only: invite the address from the Users page, and they accept through the mailed link.',
    );
    // Rights are taken away freely: a grader made a student is signed out at once.
    const grader = await signedInGrader(t, 'demoted-grader@example.com');
    const graderId = (await grader.get('/api/v1/user')).json().user.id;
    const changed = await admin.put(`/api/v1/admin/users/${graderId}/role`, { role: 'student' });
    expect(changed.json().data).toMatchObject({ role: 'student', email_verified: true });
    expect((await grader.get('/api/v1/user')).statusCode).toBe(401);

    const me = (await admin.get('/api/v1/user')).json().user;
    const own = await admin.put(`/api/v1/admin/users/${me.id}/role`, { role: 'student' });
    expect(own.statusCode).toBe(409);

    expect((await admin.post(`/api/v1/admin/users/${s.user.id}/sessions/end`)).statusCode).toBe(200);
    const audit = (await admin.get('/api/v1/admin/audit?action=user.role')).json();
    expect(audit.data[0]).toMatchObject({
      actor_id: me.id,
      actor_email: 'organiser@example.com',
      action: 'user.role',
      target_id: graderId,
      before: { role: 'grader' },
      after: { role: 'student' },
    });
    const approvals = (await admin.get('/api/v1/admin/audit?action=registration.approve')).json();
    expect(approvals.meta.total).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/api/v1/admin/audit?actor=not-a-uuid')).json().data).toEqual([]);
  });
});
