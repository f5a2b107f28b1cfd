import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { belongsToUser } from './auth.ts';
import { createdAt, generatedId } from './columns.ts';

// The media module's table: every stored file.

/** Every stored image: who owns it, what it is for, and what was stored (the file itself is in storage). */
export const media = pgTable(
  'media',
  {
    id: generatedId(),
    ownerId: belongsToUser('owner_id'),
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
