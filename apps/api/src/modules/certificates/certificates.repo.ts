import { eq, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { registrations } from '../../db/schema.ts';

/**
 * The registration whose admit card or certificate carries this code: one indexed look-up whichever it
 * is, so an unknown code costs the same as any other unknown code.
 */
export async function findRegistrationByAnyCode(db: Executor, code: string) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(or(eq(registrations.verificationCode, code), eq(registrations.certificateCode, code)))
    .limit(1);
  return row;
}
