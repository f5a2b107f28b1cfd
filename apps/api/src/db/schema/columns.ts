import { timestamp, uuid } from 'drizzle-orm/pg-core';

// Columns and options that the tables of several modules share.

/** A row's own id, made by the database. */
export const generatedId = () => uuid('id').primaryKey().defaultRandom();

/** An instant, stored with its time zone (timestamptz): every time the schema keeps is one. */
export const instant = (column: string) => timestamp(column, { withTimezone: true });

export const createdAt = () => instant('created_at').notNull().defaultNow();

export const categoryEnum = { enum: ['junior', 'senior', 'secondary'] as [string, ...string[]] };
