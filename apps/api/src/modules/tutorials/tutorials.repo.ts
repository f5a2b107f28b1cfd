import { asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tutorials } from '../../db/schema.ts';

export type TutorialRow = typeof tutorials.$inferSelect;

const inListOrder = [asc(tutorials.position), asc(tutorials.createdAt)];

export async function allTutorials(db: Executor) {
  return db
    .select()
    .from(tutorials)
    .orderBy(...inListOrder);
}

/** What the public page shows: the tutorials that have their thumbnail. */
export async function publishedTutorials(db: Executor) {
  return db
    .select()
    .from(tutorials)
    .where(isNotNull(tutorials.thumbnailKey))
    .orderBy(...inListOrder);
}

export async function findTutorial(db: Executor, id: string) {
  const [row] = await db.select().from(tutorials).where(eq(tutorials.id, id)).limit(1);
  return row;
}

export async function insertTutorial(db: Executor, values: typeof tutorials.$inferInsert) {
  const [row] = await db.insert(tutorials).values(values).returning();
  if (!row) throw new Error('tutorial not written');
  return row;
}

export async function updateTutorial(
  db: Executor,
  id: string,
  values: Partial<Pick<TutorialRow, 'titleEn' | 'titleBn' | 'videoUrl' | 'position' | 'thumbnailKey'>>,
) {
  const [row] = await db.update(tutorials).set(values).where(eq(tutorials.id, id)).returning();
  return row;
}

export async function deleteTutorial(db: Executor, id: string) {
  const [row] = await db.delete(tutorials).where(eq(tutorials.id, id)).returning();
  return row;
}
