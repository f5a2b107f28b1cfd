import { parseArgs } from 'node:util';
import { ensureAdmin } from '../modules/auth/admin-accounts.ts';
import { openForTool, runTool } from './open-for-tool.ts';

const USAGE = 'Usage: npm run admin:create -- --email admin@example.com --password "a long password"';

runTool(async () => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  if (!values.email || !values.password) throw new Error(USAGE);
  const tool = await openForTool('admin:create');
  try {
    const { created } = await ensureAdmin(tool.db, values.email, values.password, new Date());
    console.log(
      created ? `Created admin ${values.email}.` : `${values.email} is now an admin with the new password.`,
    );
  } finally {
    await tool.close();
  }
});
