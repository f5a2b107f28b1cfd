import { timestamp } from 'drizzle-orm/pg-core';

// Columns and options that the tables of several modules share.

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const categoryEnum = { enum: ['junior', 'senior', 'secondary'] as [string, ...string[]] };
