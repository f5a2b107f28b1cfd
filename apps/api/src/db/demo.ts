import { openForTool, runTool } from '../cli/open-for-tool.ts';
import { ensureAdmin } from '../lib/admin.ts';
import { hashPassword } from '../lib/passwords.ts';
import { findUserByEmail, insertUser } from '../modules/auth/auth.repo.ts';

/** Demo accounts, so anyone can try every screen in a minute. Later features add their states here. */
const DEMO_ACCOUNTS = [
  { role: 'student', name: 'Demo Student', email: 'student@demo.test', password: 'Student-demo-1' },
  { role: 'admin', name: 'Administrator', email: 'admin@demo.test', password: 'Admin-demo-1' },
] as const;

runTool(async () => {
  const tool = await openForTool('demo seed');
  try {
    const now = new Date();
    for (const account of DEMO_ACCOUNTS) {
      if (account.role === 'admin') {
        await ensureAdmin(tool.db, account.email, account.password, now);
      } else if (!(await findUserByEmail(tool.db, account.email))) {
        await insertUser(tool.db, {
          name: account.name,
          email: account.email,
          passwordHash: await hashPassword(account.password),
          phoneNumber: '01712345678',
          institution: 'Dhaka Residential Model College',
          division: 'Dhaka',
          district: 'Dhaka',
          subDistrict: 'Dhanmondi',
          createdAt: now,
          updatedAt: now,
        });
      }
    }
    console.log('\nDemo accounts:');
    console.table(DEMO_ACCOUNTS.map(({ role, email, password }) => ({ role, email, password })));
  } finally {
    await tool.close();
  }
});
