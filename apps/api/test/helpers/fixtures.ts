import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { competitions, registrations } from '../../src/db/schema.ts';
import { ensureAdmin } from '../../src/modules/auth/admin-accounts.ts';
import { findUserByEmail, updateUserRole } from '../../src/modules/auth/auth.repo.ts';
import { verificationToken } from './mail.ts';
import { passSecondFactor } from './second-factor.ts';
import { client, type createTestApp, newStudent } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type Client = ReturnType<typeof client>;

/** The test app's name for second-factor bookkeeping (one per app). */
const appNames = new WeakMap<object, string>();
const appName = (t: Pick<TestApp, 'app'>) => {
  let name = appNames.get(t.app);
  if (!name) {
    name = `app-${Math.random().toString(36).slice(2)}`;
    appNames.set(t.app, name);
  }
  return name;
};

/**
 * Staff's second factor for a session just signed in (set up the first time), on the app's own clock.
 * `server` names the database the account lives in (by default the app's own; a restored copy shares it).
 */
export async function withSecondFactor(
  t: Pick<TestApp, 'app'>,
  who: Client,
  email: string,
  server = appName(t),
) {
  const post = async (url: string, body?: unknown) => {
    const response = await who.post(url, body);
    return { status: response.statusCode, body: response.json() as unknown };
  };
  await passSecondFactor(post, server, email, t.app.clock.now().getTime());
  return who;
}

/** A signed-in admin of the test app, past the second factor (the console needs it). */
export async function signedInAdmin(t: TestApp, email = 'organiser@example.com') {
  // Made once (the operator's command would also reset the second factor of an existing admin).
  if (!(await findUserByEmail(t.db, email))) await ensureAdmin(t.db, email, 'Organiser-pass-1', new Date());
  const admin = client(t.app);
  await admin.post('/api/v1/login', { email, password: 'Organiser-pass-1' });
  return withSecondFactor(t, admin, email);
}

/** A signed-in grader of the test app (an account made staff, then given the grader role). */
export async function signedInGrader(t: TestApp, email = 'grader@example.com', now = new Date()) {
  if (!(await findUserByEmail(t.db, email))) {
    await ensureAdmin(t.db, email, 'Grader-pass-1', now);
    const row = await findUserByEmail(t.db, email);
    await updateUserRole(t.db, row?.id ?? '', 'grader', now);
  }
  const grader = client(t.app);
  await grader.post('/api/v1/login', { email, password: 'Grader-pass-1' });
  return withSecondFactor(t, grader, email);
}

/** Proves a student's address as the student does: the token of the mailed link, posted by its page. */
export async function verifyEmailThroughMail(t: Pick<TestApp, 'app' | 'db'>, email: string) {
  const token = await verificationToken(t.db, email);
  const answer = await client(t.app).post('/api/v1/verify-email', { token });
  if (answer.statusCode !== 200)
    throw new Error(`verify-email answered ${answer.statusCode}: ${answer.body}`);
}

let transaction = 0;

/** A signed-in student with a registration of the given status and category (written directly). */
export async function registeredStudent(
  t: TestApp,
  status: 'pending' | 'approved' | 'rejected',
  category: 'junior' | 'senior' | 'secondary' = 'junior',
  pickupSpot = 'own',
) {
  const browser = client(t.app);
  await browser.post('/api/v1/register', newStudent());
  const user = (await browser.get('/api/v1/user')).json().user as { id: string; name: string; email: string };
  await verifyEmailThroughMail(t, user.email);
  const [competition] = await t.db.select().from(competitions).where(eq(competitions.code, 'ngso-1'));
  transaction += 1;
  // An approved registration has its admit card's code (its QR code opens /verify/<code>).
  const code = status === 'approved' ? randomBytes(12).toString('base64url') : null;
  const [registration] = await t.db
    .insert(registrations)
    .values({
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
      pickupSpot,
      paymentMethod: 'nagad',
      paymentSender: '01711111111',
      transactionId: `FIXTURE${process.pid}X${transaction}`,
      rollNumber: status === 'approved' ? `T${process.pid}-${transaction}` : null,
      verificationCode: code,
    })
    .returning();
  return { browser, user, registrationId: registration?.id ?? '', code };
}
