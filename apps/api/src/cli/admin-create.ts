import { parseArgs } from 'node:util';
import { ensureAdmin } from '../lib/admin.ts';
import { openForTool, runTool } from './open-for-tool.ts';

const USAGE = 'Usage: npm run admin:create -- --email admin@example.com --password "a long password"';

runTool(async () => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  if (!values.email || !values.password) throw new Error(USAGE);
  if (values.password.length < 8 || values.password.length > 128) {
    throw new Error('The password must be 8 to 128 characters long.');
  }
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
