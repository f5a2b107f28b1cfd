/**
 * Every table, each in the file of the module that owns it (schema/<module>.ts, decision 070). The server and
 * drizzle-kit (drizzle.config.ts) read them here; columns.ts holds what several files share.
 */

export * from './schema/announcements.ts';
export * from './schema/audit.ts';
export * from './schema/auth.ts';
export * from './schema/check-in.ts';
export * from './schema/competitions.ts';
export * from './schema/ebooks.ts';
export * from './schema/exam.ts';
export * from './schema/grading.ts';
export * from './schema/look-alikes.ts';
export * from './schema/mail.ts';
export * from './schema/media.ts';
export * from './schema/preliminary.ts';
export * from './schema/rechecks.ts';
export * from './schema/registration.ts';
export * from './schema/results.ts';
export * from './schema/tutorials.ts';
