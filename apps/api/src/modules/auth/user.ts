import type { users } from '../../db/schema.ts';

/** A user as stored: what other modules are handed of who is signed in (the auth module owns the table). */
export type UserRow = typeof users.$inferSelect;
