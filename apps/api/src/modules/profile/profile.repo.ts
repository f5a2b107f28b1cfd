import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export type ProfileChanges = Partial<
  Pick<
    typeof users.$inferInsert,
    'name' | 'institution' | 'phoneNumber' | 'division' | 'district' | 'subDistrict' | 'profileImageId'
  >
>;

export async function updateProfileFields(db: Executor, userId: string, changes: ProfileChanges, now: Date) {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error('user vanished during update');
  return row;
}
