import { eq } from 'drizzle-orm';
import { competitions, registrations } from '../../src/db/schema.ts';
import { ensureAdmin } from '../../src/lib/admin.ts';
import { findUserByEmail, updateUserRole } from '../../src/modules/auth/auth.repo.ts';
import { client, type createTestApp, newStudent } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A signed-in admin of the test app. */
export async function signedInAdmin(t: TestApp, email = 'organiser@example.com') {
  await ensureAdmin(t.db, email, 'Organiser-pass-1', new Date());
  const admin = client(t.app);
  await admin.post('/api/v1/login', { email, password: 'Organiser-pass-1' });
  return admin;
}

/** A signed-in grader of the test app (an account made staff, then given the grader role). */
export async function signedInGrader(t: TestApp, email = 'grader@example.com', now = new Date()) {
  await ensureAdmin(t.db, email, 'Grader-pass-1', now);
  const row = await findUserByEmail(t.db, email);
  await updateUserRole(t.db, row?.id ?? '', 'grader', now);
  const grader = client(t.app);
  await grader.post('/api/v1/login', { email, password: 'Grader-pass-1' });
  return grader;
}

let transaction = 0;

/** A signed-in student with a registration of the given status and category (written directly). */
export async function registeredStudent(
  t: TestApp,
  status: 'pending' | 'approved' | 'rejected',
  category: 'junior' | 'senior' | 'secondary' = 'junior',
) {
  const browser = client(t.app);
  await browser.post('/api/v1/register', newStudent());
  const user = (await browser.get('/api/v1/user')).json().user as { id: string; name: string; email: string };
  const [competition] = await t.db.select().from(competitions).where(eq(competitions.code, 'ngso-1'));
  transaction += 1;
  await t.db.insert(registrations).values({
    competitionId: competition?.id ?? '',
    userId: user.id,
    status,
    category,
    classLevel: { junior: 7, senior: 9, secondary: 11 }[category],
    name: user.name,
    institution: 'School',
    division: 'Dhaka',
    district: 'Dhaka',
    subDistrict: 'Savar',
    guardianName: 'Guardian',
    guardianPhone: '01811111111',
    tshirtSize: 'S',
    pickupSpot: 'own',
    paymentMethod: 'nagad',
    paymentSender: '01711111111',
    transactionId: `FIXTURE${process.pid}X${transaction}`,
    rollNumber: status === 'approved' ? `T${process.pid}-${transaction}` : null,
  });
  return { browser, user };
}
