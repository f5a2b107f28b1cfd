import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, generatedId, instant } from './columns.ts';

// The auth module's tables: users, their sessions and second factor, address proofs, invitations, resets.

export const users = pgTable(
  'users',
  {
    id: generatedId(),
    name: text('name').notNull(),
    /** Always stored lower-case; unique case-insensitively. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number'),
    role: text('role', { enum: ['student', 'grader', 'admin'] })
      .notNull()
      .default('student'),
    institution: text('institution'),
    division: text('division'),
    district: text('district'),
    subDistrict: text('sub_district'),
    /** The current profile photo (a row of media). */
    profileImageId: uuid('profile_image_id'),
    language: text('language', { enum: ['en', 'bn'] })
      .notNull()
      .default('en'),
    /** When the owner opened the link mailed to this address (null: not proven yet). */
    emailVerifiedAt: instant('email_verified_at'),
    /** Staff's second factor (RFC 6238, base32): the secret being set up, then the one in use. */
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: instant('totp_enabled_at'),
    /** The last time step whose code was accepted: a code works once (ASVS V6.5.1). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * How many files the user has stored and their bytes: the upload quota's count, kept by the database
     * itself (the `media_usage` trigger on media, migration 0029), so a store checks the quota in its insert.
     */
    mediaFiles: integer('media_files').notNull().default(0),
    mediaBytes: bigint('media_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** A row of one user's (or naming one, as a grader's hold): removed with the user. */
export const belongsToUser = (column = 'user_id') =>
  uuid(column)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Sessions are looked up by the SHA-256 of the cookie's token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsToUser(),
    createdAt: createdAt(),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    /** Absolute expiry; idle expiry is computed from lastSeenAt. */
    expiresAt: instant('expires_at').notNull(),
    userAgent: text('user_agent'),
    /** When this session passed the second factor (staff need it for the console). */
    secondFactorAt: instant('second_factor_at'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Staff's recovery codes for a lost authenticator: shown once, kept only as SHA-256, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: belongsToUser(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Devices that proved a good login of an account (decision 010): their device cookie's SHA-256. Such a
 * device has a login back-off of its own, so strangers' failures on the account never hold it back.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsToUser(),
    createdAt: createdAt(),
    /** When this device last passed the account's second factor: its code step then backs off on its own. */
    secondFactorAt: instant('second_factor_at'),
  },
  (t) => [index('login_devices_user_idx').on(t.userId)],
);

/**
 * Runs of wrong second-factor codes (decision 066): one per account for devices that never passed it
 * (`device` ''), one per device that did (its login_devices token hash). Counted when an attempt starts,
 * ended by a right code, never by a password sign-in; at 100 failures in a row the run is locked until
 * another admin unlocks it.
 */
export const secondFactorRuns = pgTable(
  'second_factor_runs',
  {
    userId: belongsToUser(),
    device: text('device').notNull().default(''),
    failures: integer('failures').notNull().default(0),
    waitUntil: instant('wait_until').notNull(),
    lockedAt: instant('locked_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);

/** Links mailed to prove an address: single-use, stored only as their SHA-256. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: belongsToUser(),
    /** The address the link was mailed to: it proves only that one. */
    email: text('email').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Staff are made by an invitation mailed to the address, accepted through its link (single-use). */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: generatedId(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role', { enum: ['grader', 'admin'] }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: instant('expires_at').notNull(),
    acceptedAt: instant('accepted_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_invitations_email_idx').on(sql`lower(${t.email})`)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: generatedId(),
    userId: belongsToUser(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
