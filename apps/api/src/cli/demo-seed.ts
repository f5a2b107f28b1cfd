import { CATEGORIES } from '@ngso/shared/constants';
import { toDhakaIso } from '../lib/time.ts';
import { createAccountByOperator, ensureAdmin } from '../modules/auth/admin-accounts.ts';
import { findUserByEmail } from '../modules/auth/public.ts';
import { seedPreparationEbook } from '../modules/ebooks/ebook-seed.ts';
import { changeExamWindow } from '../modules/exam/exam-admin.service.ts';
import { importPreliminaryResults } from '../modules/preliminary/preliminary.service.ts';
import { approveRegistration, submitRegistration } from '../modules/registration/registration.service.ts';
import { seedTutorials } from '../modules/tutorials/tutorial-seed.ts';
import { openForTool, runTool } from './open-for-tool.ts';

/**
 * Demo accounts in every state, so anyone can try every screen in a minute:
 * a qualified student who can register, one pending verification, one approved (who can take the exam,
 * open from two minutes after the demo starts), and an admin.
 */
const STUDENTS = [
  { key: 'qualified', name: 'Demo Student', email: 'student@demo.test', password: 'Student-demo-1' },
  { key: 'pending', name: 'Pending Student', email: 'pending@demo.test', password: 'Student-demo-1' },
  { key: 'approved', name: 'Approved Student', email: 'approved@demo.test', password: 'Student-demo-1' },
] as const;
const ADMIN = { name: 'Administrator', email: 'admin@demo.test', password: 'Admin-demo-1' };

const form = (name: string, classLevel: number, transactionId: string) => ({
  name,
  institution: 'Dhaka Residential Model College',
  class: classLevel,
  division: 'Dhaka',
  district: 'Dhaka',
  sub_district: 'Dhamrai',
  guardian_name: 'Rahima Begum',
  guardian_phone: '01811111111',
  tshirt_size: 'M' as const,
  pickup_spot: 'own',
  payment_method: 'bkash' as const,
  payment_sender: '01711111111',
  transaction_id: transactionId,
});

runTool(async () => {
  const tool = await openForTool('demo seed');
  try {
    const now = new Date();
    await ensureAdmin(tool.db, ADMIN.email, ADMIN.password, now);
    const admin = await findUserByEmail(tool.db, ADMIN.email);
    const users = new Map<string, NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>>();
    for (const student of STUDENTS) {
      const existing = await findUserByEmail(tool.db, student.email);
      const user =
        existing ??
        (await createAccountByOperator(
          tool.db,
          {
            name: student.name,
            email: student.email,
            password: student.password,
            phoneNumber: '01712345678',
            institution: 'Dhaka Residential Model College',
            division: 'Dhaka',
            district: 'Dhaka',
            subDistrict: 'Dhamrai',
          },
          // Demo accounts come with proven addresses, so each can be tried at once (real ones open a link).
          now,
        ));
      if (user) users.set(student.key, user);
    }
    await importPreliminaryResults(
      tool.services,
      'ngso-1',
      `email,name,category,score,total,qualified\n${STUDENTS.map((s) => `${s.email},${s.name},senior,42,60,true`).join('\n')}\n`,
      null,
    );
    const pending = users.get('pending');
    const approved = users.get('approved');
    if (pending && approved && admin) {
      await submitRegistration(tool.services, 'ngso-1', pending, form(pending.name, 10, 'DEMO0PENDING'));
      const registration = await submitRegistration(
        tool.services,
        'ngso-1',
        approved,
        form(approved.name, 9, 'DEMO0APPROVED'),
      );
      await approveRegistration(tool.services, registration.id, admin);
    }
    await seedPreparationEbook(tool.services);
    await seedTutorials(tool.services);
    if (admin) {
      // The exam opens two minutes from now and runs for an hour, so every exam screen can be tried.
      const start = new Date(Math.ceil((now.getTime() + 120_000) / 60_000) * 60_000);
      const end = new Date(start.getTime() + 60 * 60_000);
      for (const category of CATEGORIES) {
        await changeExamWindow(tool.services, admin, 'ngso-1', category, {
          starts_at: start.toISOString(),
          ends_at: end.toISOString(),
        });
      }
      console.log(`\nThe exam opens at ${toDhakaIso(start)} and ends at ${toDhakaIso(end)} (Asia/Dhaka).`);
    }

    console.log('\nDemo accounts:');
    console.table([
      ...STUDENTS.map(({ key, email, password }) => ({ role: `student (${key})`, email, password })),
      { role: 'admin', email: ADMIN.email, password: ADMIN.password },
    ]);
  } finally {
    await tool.close();
  }
});
