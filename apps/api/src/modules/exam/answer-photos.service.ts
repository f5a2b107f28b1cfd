import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type AnswerImage,
  type CommittedImage,
  type LatePhoto,
  type LatePhotoInputSchema,
  MAX_IMAGES_PER_ANSWER,
} from '@ngso/shared/schemas/exam';
import type { GradingImage } from '@ngso/shared/schemas/results';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { batchLoader } from '../../lib/batch-loader.ts';
import { batchWriter } from '../../lib/batch-writer.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { mediaUrl } from '../../lib/media-url.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { toDhakaIso } from '../../lib/time.ts';
import type { UserRow } from '../auth/user.ts';
import { removeMedia } from '../media/media.service.ts';
import { MEDIA_QUOTA, type NewMediaRow } from '../media/public.ts';
import {
  type AnswerPhotoRow,
  findPhoto,
  findPhotosByKey,
  insertLatePhotoWithinLimits,
  type PhotoWithFile,
  photoKey,
  recordDeliveries,
} from './answer-photos.repo.ts';
import { admitAnswerUpload } from './answer-upload-gate.ts';
import { storeAndRecord } from './exam-uploads.ts';
import { deliveryEnd, graceEnd, type StudentExam, studentExam } from './student-exam.ts';

/**
 * "Commit before the deadline, deliver after" (docs/decisions/016-exam-photo-commitments.md). A photo is
 * named by the SHA-256 of its bytes. The page commits it (hash and size) to an answer the moment it is
 * taken, while the window and its grace are open; the bytes may arrive until the delivery deadline, and
 * count as if they had arrived in time. Bytes that match no commitment are refused, and so is a commitment
 * after the grace: such a photo can still be sent as a late photo, which organisers accept or reject.
 */

/**
 * The commitment a delivery brings bytes for, looked up together with the other deliveries that arrive
 * in the same turn of the event loop (lib/batch-loader.ts): in the exam's last minutes hundreds arrive
 * a second, and each query is a write to the database's socket on the server's one thread.
 */
const photoLoaderOf = perDatabase((db: Database) =>
  batchLoader((keys: string[]) => findPhotosByKey(db, keys)),
);

function committedPhoto(db: Database, userId: string, sha256: string) {
  return photoLoaderOf(db)(photoKey(userId, sha256));
}

/** Deliveries recorded together (lib/batch-writer.ts), for the same reason, two statements at a time. */
const DELIVERY_RECORDS_AT_ONCE = 2;

const recordDeliveryOf = perDatabase((db: Database) =>
  batchWriter((rows: NewMediaRow[]) => recordDeliveries(db, rows), {
    atOnce: DELIVERY_RECORDS_AT_ONCE,
    maxBatch: 50,
  }),
);

/**
 * Refuses bytes after the delivery deadline, and once the category's results are out (as this process's exam
 * cache knows it: at once where they were published, within EXAM_CACHE_TTL_MS elsewhere).
 */
function assertDeliveryOpen(ctx: ServiceContext, s: StudentExam) {
  if (s.now < s.window.start) throw new AppError(403, 'exam.notOpen');
  if (s.now >= deliveryEnd(ctx, s) || s.published) throw new AppError(409, 'photo.deliveryClosed');
}

/** A photo of an answer as the student sees it: stored once the server has its bytes. */
export function answerImage(
  image: CommittedImage,
  photo: Pick<AnswerPhotoRow, 'mediaId'> | undefined,
): AnswerImage {
  const mediaId = photo?.mediaId ?? null;
  return {
    sha256: image.sha256,
    size: image.size,
    url: mediaId ? mediaUrl(mediaId) : null,
    status: mediaId ? 'stored' : 'pending',
  };
}

/** A photo as graders see it: never an unprocessed file. */
export function gradingImage(image: CommittedImage, photo: PhotoWithFile | undefined): GradingImage {
  const late = photo?.late ?? false;
  if (!photo?.mediaId) return { sha256: image.sha256, url: null, state: 'arriving', late };
  if (photo.mediaStatus === 'ready') {
    return { sha256: image.sha256, url: mediaUrl(photo.mediaId), state: 'ready', late };
  }
  return {
    sha256: image.sha256,
    url: null,
    state: photo.mediaStatus === 'failed' ? 'failed' : 'processing',
    late,
  };
}

export function latePhotoOf(photo: AnswerPhotoRow): LatePhoto {
  return {
    ...answerImage({ sha256: photo.sha256, size: photo.sizeBytes }, photo),
    question_id: photo.questionId,
    taken_at: photo.takenAt ? toDhakaIso(photo.takenAt) : null,
    received_at: toDhakaIso(photo.committedAt),
    decision: photo.lateDecision ?? 'pending',
  };
}

/**
 * Reads a request body of at most `limit` bytes into memory, hashing it on the way. The photo's size is
 * known from its commitment, so a longer body is refused as soon as it passes it.
 */
async function readBody(body: Readable, limit: number) {
  const hash = createHash('sha256');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      body.destroy();
      throw new AppError(422, 'photo.mismatch');
    }
    hash.update(buffer);
    chunks.push(buffer);
  }
  return { data: Buffer.concat(chunks), sha256: hash.digest('hex') };
}

/**
 * The bytes of a photo the student committed in time (or sent late): checked against the commitment,
 * stored durably, and linked to it. Sending the same photo again is harmless.
 */
export async function deliverPhoto(
  ctx: ServiceContext,
  code: string,
  user: UserRow,
  sha256: string,
  body: Readable,
) {
  const s = await studentExam(ctx, code, user);
  assertDeliveryOpen(ctx, s);
  const photo = await committedPhoto(ctx.db, user.id, sha256);
  if (!photo) throw new AppError(404, 'photo.notCommitted');
  const delivered = (row: Pick<AnswerPhotoRow, 'sha256' | 'sizeBytes' | 'mediaId' | 'late'>) => ({
    ...answerImage({ sha256: row.sha256, size: row.sizeBytes }, row),
    late: row.late,
  });
  if (photo.mediaId) return delivered(photo);

  // Counted in the byte gate as the size committed (the body is refused if it runs longer).
  return admitAnswerUpload(
    user.id,
    async () => {
      const received = await readBody(body, photo.sizeBytes);
      if (received.sha256 !== sha256 || received.data.length !== photo.sizeBytes) {
        throw new AppError(422, 'photo.mismatch');
      }
      // The file's row and its link to the commitment are one statement, shared with the photos
      // recorded at the same moment.
      const stored = await storeAndRecord(
        ctx,
        user,
        { data: received.data, fileName: `${sha256}.jpg`, sha256 },
        recordDeliveryOf(ctx.db),
      );
      if (stored.photo) {
        ctx.metrics.photoDeliveries.inc({ category: s.category });
        return delivered(stored.photo);
      }
      // The same photo arrived twice at once: the first delivery stands.
      await removeMedia(ctx, user.id, stored.id);
      const first = await findPhoto(ctx.db, user.id, sha256);
      if (!first) throw new AppError(404, 'photo.notCommitted');
      return delivered(first);
    },
    photo.sizeBytes,
    sha256,
  );
}

/**
 * A photo the phone could not commit in time (offline through the end and the grace): recorded as late,
 * with the phone's clock, so its bytes are accepted and kept for the organisers to decide on. A photo the
 * server already knows keeps its record (a commitment in time stays in time).
 */
export async function sendLatePhoto(
  ctx: ServiceContext,
  code: string,
  user: UserRow,
  input: z.output<typeof LatePhotoInputSchema>,
): Promise<LatePhoto> {
  const s = await studentExam(ctx, code, user);
  if (s.now < graceEnd(ctx, s)) throw new AppError(409, 'photo.lateTooEarly');
  assertDeliveryOpen(ctx, s);
  if (!s.questions.some((question) => question.id === input.question_id)) {
    throw new AppError(404, 'answer.question');
  }
  const known = await findPhoto(ctx.db, user.id, input.sha256);
  if (known) return latePhotoOf(known);
  // An answer's photo limit per question, and the upload quota (issue 41, item 4): a student cannot hold
  // back publication with hundreds of made-up photos.
  const outcome = await insertLatePhotoWithinLimits(
    ctx.db,
    {
      userId: user.id,
      sha256: input.sha256,
      sizeBytes: input.size,
      questionId: input.question_id,
      committedAt: s.now,
      late: true,
      takenAt: new Date(input.taken_at),
    },
    { perQuestion: MAX_IMAGES_PER_ANSWER, ...MEDIA_QUOTA },
  );
  if (outcome === 'question') throw new AppError(409, 'photo.lateTooMany');
  if (outcome === 'quota') throw new AppError(403, 'media.quota');
  const photo = await findPhoto(ctx.db, user.id, input.sha256);
  if (!photo) throw new Error('late photo not recorded');
  // Counted once: a photo the server knew already keeps its first record.
  if (outcome === 'recorded') ctx.metrics.latePhotos.inc({ category: s.category });
  return latePhotoOf(photo);
}
