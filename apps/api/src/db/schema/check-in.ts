import { pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { instant } from './columns.ts';
import { registrations } from './registration.ts';

// The check-in module's table: arrivals at the final round.

/** An approved entrant's arrival at the in-person final round, recorded once by the staff member who saw them. */
export const checkIns = pgTable('check_ins', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
  checkedInAt: instant('checked_in_at').notNull().defaultNow(),
});
