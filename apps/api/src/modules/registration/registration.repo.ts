import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { registrations } from '../../db/schema.ts';

export type RegistrationRow = typeof registrations.$inferSelect;

export async function findRegistrationOfUser(db: Executor, competitionId: string, userId: string) {
  const [row] = await db
    .select()
    .from(registrations)
    .where(and(eq(registrations.competitionId, competitionId), eq(registrations.userId, userId)))
    .limit(1);
  return row;
}
