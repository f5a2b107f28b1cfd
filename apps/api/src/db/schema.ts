import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Staff's second factor (RFC 6238, base32): the secret being set up, then the one in use. */
    totpPendingSecret: text('totp_pending_secret'),
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last time step whose code was accepted: a code works once (ASVS V6.5.1). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /**
     * How many files the user has stored and their bytes: the upload quota's count, kept by the database
     * itself (the `media_usage` trigger on media, migration 0029), so a store checks the quota in its insert.
     */
    mediaFiles: integer('media_files').notNull().default(0),
    mediaBytes: bigint('media_bytes', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

/** Sessions are looked up by the SHA-256 of the cookie's token; the token itself is never stored. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry; idle expiry is computed from lastSeenAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** When this session passed the second factor (staff need it for the console). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Staff's recovery codes for a lost authenticator: shown once, kept only as SHA-256, each used once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** When this device last passed the account's second factor: its code step then backs off on its own. */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    device: text('device').notNull().default(''),
    failures: integer('failures').notNull().default(0),
    waitUntil: timestamp('wait_until', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.device] })],
);

/** Links mailed to prove an address: single-use, stored only as their SHA-256. */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was mailed to: it proves only that one. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verifications_user_idx').on(t.userId)],
);

/** Staff are made by an invitation mailed to the address, accepted through its link (single-use). */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role', { enum: ['grader', 'admin'] }).notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('staff_invitations_email_idx').on(sql`lower(${t.email})`)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Mails are written here in the transaction that causes them and sent by the mail worker. */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A worker that claims a mail holds it until this time; another worker may then take it over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * Mails of one throttle (an announcement's id) are handed to the mail server at most
     * `throttlePerMinute` in any 60 s (decision 032); null for every other mail.
     */
    throttleKey: text('throttle_key'),
    throttlePerMinute: integer('throttle_per_minute'),
    /** When a worker last claimed the mail for an attempt: what the throttle counts. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * A mail written before its text is (decision 068): the template the mail worker renders it with when it
     * sends it, from `about`; its subject and text are written then (empty until). Null: written whole.
     */
    renderAs: text('render_as', { enum: ['examSubmitted'] }),
    about: jsonb('about'),
    /** A mail written at most once has a key of its own (e.g. `exam-submitted:<competition>:<user>`). */
    onceKey: text('once_key'),
  },
  (t) => [
    index('outbox_mails_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_mails_throttle_idx').on(t.throttleKey, t.claimedAt),
    uniqueIndex('outbox_mails_once_key_idx').on(t.onceKey),
  ],
);

/** A competition is data: next year's is a new row, not new code (decisions.md). */
export const competitions = pgTable('competitions', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The path segment of the spec's calls, e.g. ngso-1. */
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  feeBdt: integer('fee_bdt').notNull(),
  /** The categories this competition runs, in the order the console shows them. */
  categories: jsonb('categories')
    .$type<Array<'junior' | 'senior' | 'secondary'>>()
    .notNull()
    .default(sql`'["junior","senior","secondary"]'::jsonb`),
  /** Award bands by rank, applied to each category's standings; ties share the band of their rank. */
  awardBands: jsonb('award_bands')
    .$type<{ gold_up_to: number; silver_up_to: number; bronze_up_to: number; prize_up_to: number }>()
    .notNull()
    .default(sql`'{"gold_up_to":1,"silver_up_to":2,"bronze_up_to":3,"prize_up_to":50}'::jsonb`),
  /** A category's own award bands, where organisers set them; the others follow `awardBands`. */
  categoryAwardBands: jsonb('category_award_bands')
    .$type<
      Partial<
        Record<
          'junior' | 'senior' | 'secondary',
          { gold_up_to: number; silver_up_to: number; bronze_up_to: number; prize_up_to: number }
        >
      >
    >()
    .notNull()
    .default(sql`'{}'::jsonb`),
  createdAt: createdAt(),
});

const categoryEnum = { enum: ['junior', 'senior', 'secondary'] as [string, ...string[]] };

/** The in-person final round's details per category: what `exam_details` and the admit card show. */
export const finalRoundDetails = pgTable(
  'final_round_details',
  {
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    category: text('category', categoryEnum).notNull(),
    date: text('date'),
    reportingTime: text('reporting_time'),
    time: text('time'),
    venue: text('venue'),
    influencerSession: text('influencer_session'),
    departure: text('departure'),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.category] })],
);

export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    category: text('category', categoryEnum).notNull(),
    classLevel: integer('class').notNull(),
    name: text('name').notNull(),
    institution: text('institution').notNull(),
    division: text('division').notNull(),
    district: text('district').notNull(),
    subDistrict: text('sub_district').notNull(),
    guardianName: text('guardian_name').notNull(),
    guardianPhone: text('guardian_phone').notNull(),
    tshirtSize: text('tshirt_size').notNull(),
    pickupSpot: text('pickup_spot').notNull(),
    paymentMethod: text('payment_method', { enum: ['bkash', 'nagad', 'rocket'] }).notNull(),
    paymentSender: text('payment_sender').notNull(),
    /** Stored upper-case; a transaction ID can be used once across all registrations. */
    transactionId: text('transaction_id').notNull().unique(),
    rollNumber: text('roll_number').unique(),
    verificationCode: text('verification_code').unique(),
    /**
     * The certificate's code (docs/decisions/033-certificates.md): 128 random bits (the hex of a version 4
     * UUID without its dashes, 122 of them random) made by the database for every registration, existing
     * ones too; /verify/<code> answers for it only once the category's results are published.
     */
    certificateCode: text('certificate_code')
      .notNull()
      .unique()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    rejectionReason: text('rejection_reason'),
    /** Set when a payment provider's statement showed this transaction with the right amount. */
    paymentMatchedAt: timestamp('payment_matched_at', { withTimezone: true }),
    paymentMatchedAmount: integer('payment_matched_amount'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('registrations_one_per_account_idx').on(t.competitionId, t.userId),
    index('registrations_status_idx').on(t.competitionId, t.status, t.category),
  ],
);

/** An approved entrant's arrival at the in-person final round, recorded once by the staff member who saw them. */
export const checkIns = pgTable('check_ins', {
  registrationId: uuid('registration_id')
    .primaryKey()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
  checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The payment statement lines that matched a registration. A transaction ID serves one registration, ever:
 * it stays here after that registration changes its own transaction ID, so no one else can use it again.
 */
export const paymentMatches = pgTable('payment_matches', {
  transactionId: text('transaction_id').primaryKey(),
  registrationId: uuid('registration_id')
    .notNull()
    .references(() => registrations.id, { onDelete: 'cascade' }),
  amount: integer('amount').notNull(),
  matchedAt: timestamp('matched_at', { withTimezone: true }).notNull(),
});

/** Every stored image: who owns it, what it is for, and what was stored (the file itself is in storage). */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['profile', 'upload', 'ebook'] }).notNull(),
    /**
     * `pending`: the bytes as received are stored and acknowledged, re-encoding waits in the job queue
     * (never served to anyone); `ready`: re-encoded, metadata stripped, served; `failed`: not an image after all.
     */
    status: text('status', { enum: ['pending', 'ready', 'failed'] })
      .notNull()
      .default('ready'),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The served file's hash (its ETag); the received bytes' hash while pending. */
    sha256: text('sha256').notNull(),
    /** The hash and size of the bytes as the client sent them (what an exam answer commits to). */
    sourceSha256: text('source_sha256'),
    sourceSize: integer('source_size'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * The processed image's 64-bit perceptual fingerprint, 16 hex digits (media/page-fingerprint.ts): null
     * until processed, and for media processed before it existed. docs/decisions/065-answers-that-look-alike.md.
     */
    fingerprint: text('fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_owner_idx').on(t.ownerId),
    index('media_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** The preliminary (online selection) round's results, imported by organisers from CSV. */
export const preliminaryResults = pgTable(
  'preliminary_results',
  {
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    /** Stored lower-case. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    category: text('category', categoryEnum).notNull(),
    score: integer('score').notNull(),
    total: integer('total').notNull(),
    qualified: boolean('qualified').notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.email] })],
);

export const ebooks = pgTable('ebooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  competitionId: uuid('competition_id')
    .notNull()
    .references(() => competitions.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  position: integer('position').notNull().default(0),
  /** An uploaded cover image; without one, page 1 is the thumbnail. */
  thumbnailKey: text('thumbnail_key'),
  createdAt: createdAt(),
});

/** An e-book's page images, in order; page 1 doubles as the thumbnail. Served to approved registrants only. */
export const ebookPages = pgTable(
  'ebook_pages',
  {
    ebookId: uuid('ebook_id')
      .notNull()
      .references(() => ebooks.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ebookId, t.page] })],
);

/** The last roll number given per competition and category; incremented atomically at approval. */
export const rollCounters = pgTable(
  'roll_counters',
  {
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    category: text('category', categoryEnum).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.category] })],
);

/** One online exam per competition and category; the window is decided on the server. */
export const exams = pgTable(
  'exams',
  {
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    category: text('category', categoryEnum).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /**
     * The AES-256-GCM key of this exam's question paper (base64), made when the paper first goes out.
     * Pages download the paper encrypted before the start and receive this key at the start.
     */
    paperKey: text('paper_key'),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.category] })],
);

export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    category: text('category', categoryEnum).notNull(),
    position: integer('position').notNull(),
    marks: integer('marks').notNull(),
    questionEnglish: text('question_english').notNull(),
    questionBangla: text('question_bangla').notNull(),
    /**
     * The source rendered when it was saved (question-text.ts); null for a row written before, rendered when
     * read (docs/decisions/038-questions-with-formulas-and-diagrams.md).
     */
    questionEnglishHtml: text('question_english_html'),
    questionBanglaHtml: text('question_bangla_html'),
  },
  (t) => [index('questions_exam_idx').on(t.competitionId, t.category, t.position)],
);

/**
 * A question's diagram (docs/decisions/040-question-diagrams.md): processed on upload into two JPEGs, one
 * for a phone's column and one for zooming, metadata stripped. Uploaded before the question is saved, so
 * `questionId` is null until a save names it; unattached uploads are removed after a day.
 */
export const questionImages = pgTable(
  'question_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** 1-based: the number authors write in a marker, `[[diagram 1]]`. */
    position: integer('position').notNull().default(0),
    altEnglish: text('alt_english').notNull().default(''),
    altBangla: text('alt_bangla').notNull().default(''),
    phoneKey: text('phone_key').notNull().unique(),
    phoneWidth: integer('phone_width').notNull(),
    phoneHeight: integer('phone_height').notNull(),
    phoneSizeBytes: integer('phone_size_bytes').notNull(),
    phoneSha256: text('phone_sha256').notNull(),
    zoomKey: text('zoom_key').notNull().unique(),
    zoomWidth: integer('zoom_width').notNull(),
    zoomHeight: integer('zoom_height').notNull(),
    zoomSizeBytes: integer('zoom_size_bytes').notNull(),
    zoomSha256: text('zoom_sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('question_images_question_idx').on(t.questionId, t.position),
    index('question_images_unattached_idx').on(t.createdAt).where(sql`${t.questionId} is null`),
  ],
);

/** A student's attempt: extra minutes an organiser gave, and when it was submitted. */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    extraMinutes: integer('extra_minutes').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.userId] })],
);

/** One photo of an answer as the student committed to it: its hash and size (the bytes may come later). */
export type CommittedImage = { sha256: string; size: number };

/**
 * A student's answer to one question: the photos committed to it, in order, with a version. A photo is
 * named by the SHA-256 of its bytes; `answer_photos` says whether the bytes have arrived.
 */
export const answers = pgTable(
  'answers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    images: jsonb('images').$type<CommittedImage[]>().notNull(),
    version: integer('version').notNull().default(1),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    // The grading queue reads one question's answers at a time.
    index('answers_question_idx').on(t.questionId, t.userId),
  ],
);

/**
 * Every photo a student committed to (or, late, sent for) an answer: when the server heard of it, and
 * the stored file once its bytes arrived. A late photo (committed after the window and its grace) never
 * counts by itself: organisers accept or reject it.
 */
export const answerPhotos = pgTable(
  'answer_photos',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    committedAt: timestamp('committed_at', { withTimezone: true }).notNull(),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    late: boolean('late').notNull().default(false),
    /** The phone's clock when the photo was taken (late photos: what the student's device says). */
    takenAt: timestamp('taken_at', { withTimezone: true }),
    lateDecision: text('late_decision', { enum: ['accepted', 'rejected'] }),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sha256] }),
    index('answer_photos_question_idx').on(t.questionId),
  ],
);

/**
 * Two finalists' answer photos that look alike (fingerprints within the threshold) or are the same file
 * (docs/decisions/065-answers-that-look-alike.md): found as photos are processed, for organisers to dismiss
 * or refer with a note. `first` is the photo indexed first. Nothing is decided from it automatically.
 */
export const lookAlikes = pgTable(
  'look_alikes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    category: text('category', categoryEnum).notNull(),
    firstUserId: uuid('first_user_id').notNull(),
    firstSha256: text('first_sha256').notNull(),
    secondUserId: uuid('second_user_id').notNull(),
    secondSha256: text('second_sha256').notNull(),
    distance: integer('distance').notNull(),
    sameFile: boolean('same_file').notNull(),
    status: text('status', { enum: ['open', 'dismissed', 'referred'] })
      .notNull()
      .default('open'),
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'look_alikes_first_photo_fk',
      columns: [t.firstUserId, t.firstSha256],
      foreignColumns: [answerPhotos.userId, answerPhotos.sha256],
    }).onDelete('cascade'),
    foreignKey({
      name: 'look_alikes_second_photo_fk',
      columns: [t.secondUserId, t.secondSha256],
      foreignColumns: [answerPhotos.userId, answerPhotos.sha256],
    }).onDelete('cascade'),
    uniqueIndex('look_alikes_pair_idx').on(t.firstUserId, t.firstSha256, t.secondUserId, t.secondSha256),
    index('look_alikes_category_idx').on(t.competitionId, t.category, t.status),
  ],
);

/**
 * Marks for one answer (one student, one question). A grader's marks and an admin's override are both
 * kept; the override counts when present.
 */
export const marks = pgTable(
  'marks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    graderMarks: integer('grader_marks'),
    graderComment: text('grader_comment'),
    graderId: uuid('grader_id').references(() => users.id),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    overrideMarks: integer('override_marks'),
    overrideComment: text('override_comment'),
    overrideBy: uuid('override_by').references(() => users.id),
    overriddenAt: timestamp('overridden_at', { withTimezone: true }),
    /**
     * The rubric behind the grader's marks, or the override's, when one was used (decision 037): the items
     * ticked and a free adjustment. Changing an item's points recomputes every mark that ticked it.
     */
    graderRubric: jsonb('grader_rubric').$type<RubricChoice>(),
    overrideRubric: jsonb('override_rubric').$type<RubricChoice>(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionId] })],
);

/** The rubric items a grader ticked for an answer, and a free adjustment (with the mark's comment). */
export type RubricChoice = { items: string[]; adjustment: number };

/**
 * A question's rubric, written by organisers: short items with points (positive or negative). A grader
 * ticks items; the mark is their sum plus an adjustment, from 0 to the question's marks.
 */
export const rubricItems = pgTable(
  'rubric_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    points: integer('points').notNull(),
  },
  (t) => [index('rubric_items_question_idx').on(t.questionId, t.position)],
);

/**
 * A grader's hold on one answer while they grade it (docs/decisions/037-grading-as-a-team.md): one row per
 * answer, taken by an atomic insert-or-take-over-if-expired, renewed by the grading page's heartbeat and
 * removed when the marks are saved or the grader leaves. An expired row is free for anyone to take.
 */
export const gradingClaims = pgTable(
  'grading_claims',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    graderId: uuid('grader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('grading_claims_question_idx').on(t.questionId, t.expiresAt),
  ],
);

/** A competition's re-checks after publication: how long they are open, how many questions each, the fee. */
export const recheckSettings = pgTable('recheck_settings', {
  competitionId: uuid('competition_id')
    .primaryKey()
    .references(() => competitions.id, { onDelete: 'cascade' }),
  windowDays: integer('window_days').notNull().default(7),
  maxQuestions: integer('max_questions').notNull().default(2),
  feeBdt: integer('fee_bdt').notNull().default(0),
});

/**
 * A student's request to grade one answer again after publication (an appeal): assigned to a grader other
 * than the one who marked it, who grades it blind to that mark; the outcome keeps or changes the mark.
 */
export const rechecks = pgTable(
  'rechecks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The fee's payment, when the competition asks one. */
    feeTransactionId: text('fee_transaction_id'),
    status: text('status', { enum: ['requested', 'assigned', 'decided'] })
      .notNull()
      .default('requested'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    marksBefore: integer('marks_before').notNull(),
    graderId: uuid('grader_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    marksAfter: integer('marks_after'),
    outcome: text('outcome', { enum: ['kept', 'changed'] }),
    outcomeNote: text('outcome_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('rechecks_one_per_answer_idx').on(t.userId, t.questionId),
    index('rechecks_queue_idx').on(t.competitionId, t.status),
  ],
);

/** When a category's results were published (and by whom). */
export const resultPublications = pgTable(
  'result_publications',
  {
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    category: text('category', categoryEnum).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    publishedBy: uuid('published_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.competitionId, t.category] })],
);

/**
 * The home page's tutorial videos, set by organisers in the console: a title in English and in Bangla, the
 * video's address (http or https) and a thumbnail made on the server from an uploaded image (null until one
 * is uploaded; the public page shows a tutorial once it has one). Not tied to a competition: site content.
 */
export const tutorials = pgTable(
  'tutorials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: integer('position').notNull(),
    titleEn: text('title_en').notNull(),
    titleBn: text('title_bn').notNull(),
    videoUrl: text('video_url').notNull(),
    thumbnailKey: text('thumbnail_key'),
    createdAt: createdAt(),
  },
  (t) => [index('tutorials_position_idx').on(t.position)],
);

/** Every staff action: who, what, when, and the record before and after. Nothing here is ever deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_actor_idx').on(t.actorId)],
);

/**
 * A notice organisers send to a segment of students (decision 032): both languages, the segment as chosen,
 * the rate its mails go out at. Its recipients are written when it is sent, with their mails.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    competitionId: uuid('competition_id')
      .notNull()
      .references(() => competitions.id),
    titleEn: text('title_en').notNull(),
    titleBn: text('title_bn').notNull(),
    bodyEn: text('body_en').notNull(),
    bodyBn: text('body_bn').notNull(),
    /** The segment as the organiser chose it ({ kind: 'everyone' }, { kind: 'category', category } …). */
    segment: jsonb('segment').$type<Record<string, string>>().notNull(),
    ratePerMinute: integer('rate_per_minute').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    sentBy: uuid('sent_by').references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcements_sent_idx').on(t.sentAt)],
);

/** One row per recipient of a notice, with the mail that carries it; read when the student marks it. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The outbox row of this recipient's mail (its status is the delivery's). */
    mailId: bigint('mail_id', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.userId] }),
    index('announcement_recipients_user_idx').on(t.userId, t.readAt),
    uniqueIndex('announcement_recipients_mail_idx').on(t.mailId),
  ],
);

/**
 * Second marking of a question (docs/decisions/037-grading-as-a-team.md, "Second marking"), set by
 * organisers: the share of graded answers drawn for a blind second mark, the tolerance in marks beyond which
 * the two marks disagree, and a margin around the award cut-offs (0: off) within which every answer is drawn.
 */
export const secondMarking = pgTable('second_marking', {
  questionId: uuid('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  samplePercent: integer('sample_percent').notNull().default(0),
  tolerance: integer('tolerance').notNull().default(1),
  nearCutoff: integer('near_cutoff').notNull().default(0),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * A blind second mark of one answer, kept apart from the first (`marks`), never replacing it. The row is
 * first the second grader's hold (`marks` null, `claimed_until`), then their mark; `settled_at` is set when
 * an admin settled a disagreement (by an override in `marks`).
 */
export const secondMarks = pgTable(
  'second_marks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    graderId: uuid('grader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    marks: integer('marks'),
    rubric: jsonb('rubric').$type<RubricChoice>(),
    comment: text('comment'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }).notNull(),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    settledBy: uuid('settled_by').references(() => users.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('second_marks_question_idx').on(t.questionId),
  ],
);
